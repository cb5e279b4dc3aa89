#!/bin/sh
# Imports the second database (live in sparky_second, its uploads in $SPARKY_DIR/sparky-uploads)
# into a fresh database fitness_second of the same PostgreSQL, then serves it on 127.0.0.1,
# for compare.ts. Run from the repository root.
set -eu
SPARKY_DIR=${SPARKY_DIR:-/tmp/sparky}
DATA=${FITNESS_SECOND_DATA:-$SPARKY_DIR/fitness-data}
export SERVICE_FITNESS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fitness_second
export SERVICE_FITNESS_DATA_DIR=$DATA SERVICE_FITNESS_SERVER_HOST=127.0.0.1
export SERVICE_FITNESS_SERVER_PORT=${FITNESS_PORT:-3913} SERVICE_FITNESS_LOG_LEVEL=error
export SERVICE_FITNESS_SIGN_IN_RATELIMIT_MAX=1000 SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS=1000000
export SERVICE_FITNESS_REMINDERS=false
if [ "${1:-}" = "--import" ]; then
  psql -h 127.0.0.1 -U postgres -q -c "drop database if exists fitness_second with (force)" -c "create database fitness_second"
  rm -rf "$DATA"
  node_modules/.bin/bun src/main.ts migrate
  node_modules/.bin/bun src/main.ts import sparkyfitness \
    --source postgres://postgres@127.0.0.1:5432/sparky_second --uploads "$SPARKY_DIR/sparky-uploads" \
    --api-key-secret 5f0c3a7e91d24b68a0e3c1f7b2d95e4a8c6f1b3d7e9a2c4f6b8d0e1a3c5f7b9d \
    --auth-secret 2c9e4f71a3b85d06e7f1c2a4b6d8e0f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5
fi
exec node_modules/.bin/bun src/main.ts serve
