#!/bin/sh
# Starts the real SparkyFitness 1.6.2 server (unpacked in $SPARKY_DIR, see
# /work/shared/reference/running-sparkyfitness.md) on 127.0.0.1, against the database
# sparky_second, with the Garmin stand-in of this folder as its Garmin microservice.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SPARKY_DIR=${SPARKY_DIR:-/tmp/sparky}
PORT=${SPARKY_PORT:-3911}
export SPARKY_FITNESS_DB_HOST=127.0.0.1 SPARKY_FITNESS_DB_PORT=5432
export SPARKY_FITNESS_DB_NAME=${SPARKY_DB:-sparky_second}
export SPARKY_FITNESS_DB_USER=sparky_second_owner SPARKY_FITNESS_DB_PASSWORD=owner-pass
export SPARKY_FITNESS_APP_DB_USER=sparky_app SPARKY_FITNESS_APP_DB_PASSWORD=sparky_app
export SPARKY_FITNESS_SERVER_PORT=$PORT
export SPARKY_FITNESS_FRONTEND_URL=http://127.0.0.1:$PORT BETTER_AUTH_URL=http://127.0.0.1:$PORT
# The secrets the fixture was made with (its README lists them).
export SPARKY_FITNESS_API_ENCRYPTION_KEY=5f0c3a7e91d24b68a0e3c1f7b2d95e4a8c6f1b3d7e9a2c4f6b8d0e1a3c5f7b9d
export BETTER_AUTH_SECRET=2c9e4f71a3b85d06e7f1c2a4b6d8e0f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5
export NODE_ENV=production SPARKY_FITNESS_LOG_LEVEL=ERROR
export SPARKY_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS=1000000
export SPARKY_FITNESS_CUSTOM_UPLOADS_DIRECTORY=$SPARKY_DIR/sparky-uploads
export GARMIN_MICROSERVICE_URL=http://127.0.0.1:${GARMIN_PORT:-3912}
cd "$SPARKY_DIR/SparkyFitnessServer"
exec node --import "$HERE/listen-localhost.mjs" --import tsx SparkyFitnessServer.ts
