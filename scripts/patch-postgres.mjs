// Fixes postgres.js 3.4.9 (the pinned version) where a connection closes under a reservation;
// run by `npm install` (postinstall). Each fix is an exact replacement in the ESM source that
// Bun loads; a fix already applied is skipped, and text that matches neither form stops the
// install, so a version bump makes someone re-check these against the new release.
//
// A PostgreSQL restart or a terminated backend otherwise leaves requests waiting forever:
// - A reserve() waiting for a connection is dropped when the connection it was handed to
//   reconnects (porsager/postgres#1195).
// - A statement sent on a reserved connection after it closed is never answered, or throws
//   from a timer on the closed socket, or, once postgres.js has reconnected the connection
//   for someone else, runs in that caller's session (porsager/postgres#1186, #1168).
// - A closed connection keeps its unsent bytes and write timer, which the reconnect sends
//   ahead of its startup message.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const source = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules/postgres/src");

const fixes = {
  "index.js": [
    {
      // A reservation handed to the reconnect goes back in the queue, as reserve() leaves it:
      // the reconnect does not take a reservation as its first query, and onopen, once a
      // connection is ready, hands it the queue's next reservation.
      before: "    queries.length && connect(c, queries.shift())\n  }",
      after: `    if (queries.length) {
      const query = queries.shift()
      query.reserve && queries.push(query)
      connect(c, query)
    }
  }`,
    },
    {
      // A reservation ends with its connection: queued statements fail with it, later ones fail
      // at once, and a release after the close does not put the closed connection in the pool.
      before: `    move(c, reserved)
    c.reserved = () => queue.length
      ? c.execute(queue.shift())
      : move(c, reserved)
    c.reserved.release = true

    const sql = Sql(handler)
    sql.release = () => {
      c.reserved = null
      onopen(c)
    }

    return sql

    function handler(q) {
      c.queue === full`,
      after: `    move(c, reserved)
    const reservation = c.reserved = () => queue.length
      ? c.execute(queue.shift())
      : move(c, reserved)
    c.reserved.release = true
    c.onclose = (error) => { while (queue.length) queue.shift().reject(error) }

    const sql = Sql(handler)
    sql.release = () => {
      if (c.reserved !== reservation)
        return
      c.reserved = null
      c.onclose = null
      onopen(c)
    }

    return sql

    function handler(q) {
      if (c.reserved !== reservation)
        return q.reject(Errors.connection('CONNECTION_CLOSED', options))
      c.queue === full`,
    },
  ],
  "connection.js": [
    {
      before: `    incomings = null
    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)`,
      after: `    incomings = null
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
    socket.removeListener('data', data)`,
    },
  ],
};

for (const [file, replacements] of Object.entries(fixes)) {
  const path = join(source, file);
  let text = readFileSync(path, "utf8");
  for (const { before, after } of replacements) {
    if (text.includes(after)) continue;
    if (!text.includes(before)) {
      console.error(`patch-postgres: ${file} does not hold the text this fix replaces.`);
      console.error("Check the fixes in scripts/patch-postgres.mjs against this postgres.js.");
      process.exit(1);
    }
    text = text.replace(before, after);
  }
  writeFileSync(path, text);
}
