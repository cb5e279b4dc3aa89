// Fixes postgres.js 3.4.9 (the pinned version) where a connection closes under a reservation
// or a COPY fills its stream, and lets it send binary parameters; run by `npm install` (postinstall). Each fix is an exact replacement in the ESM source that
// Bun loads; a fix already applied is skipped, and text that matches neither form stops the
// install, so a version bump makes someone re-check these against the new release.
//
// A PostgreSQL restart or a terminated backend otherwise leaves requests waiting forever:
// - A reserve() waiting for a connection is dropped when the connection it was handed to
//   reconnects (porsager/postgres#1195); once kept in the queue for that, it must also leave
//   the queue when the connection attempt made for it fails, or the next connection to open
//   goes to a reservation nobody awaits and the pool drains away (tests/database/transaction.test.ts).
// - A statement sent on a reserved connection after it closed is never answered, or throws
//   from a timer on the closed socket, or, once postgres.js has reconnected the connection
//   for someone else, runs in that caller's session (porsager/postgres#1186, #1168).
// - A closed connection keeps its unsent bytes and write timer, which the reconnect sends
//   ahead of its startup message.
//
// Reading the array types on a new connection is a promise nothing awaits: a connection that
// closes meanwhile rejected it unhandled, which ends a process (fixed by dropping it).
//
// A COPY ... TO STDOUT whose text passes a few hundred kilobytes leaves its connection paused
// for good (porsager/postgres#499; the fix is porsager/postgres#1016's).
//
// Binary parameters (connection.js, bytes.js) let telemetry arrays go to PostgreSQL as the
// bytes its receive functions read (src/telemetry/binary-array.ts) instead of array text.
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
      // A reservation waits in the queue while a connection attempt is made for it, so a
      // failed attempt, which rejects it, also takes it out of the queue. Left there, the next
      // connection to open is handed to a reservation nobody waits for any more and is never
      // seen again: after a few refused attempts (a PostgreSQL restart) the pool is gone.
      before: `        const query = { reserve: resolve, reject }`,
      after: `        const query = { reserve: resolve, reject: (error) => (queries.remove(query), reject(error)) }`,
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
      // Binary parameters: a Uint8Array given any type but bytea (sql.typed(bytes, oid)) is
      // sent as that type's binary form, format code 1, and PostgreSQL reads it with the
      // type's receive function. Everything else is sent as text, as before.
      before: `    b().B().str(portal + b.N).str(statement + b.N).i16(0).i16(parameters.length)

    parameters.forEach((x, i) => {
      if (x === null)
        return b.i32(0xFFFFFFFF)
`,
      after: `    b().B().str(portal + b.N).str(statement + b.N)
    const binary = parameters.map((x, i) => x instanceof Uint8Array && types[i] !== 17)
    binary.includes(true)
      ? binary.reduce((b, x) => b.i16(x ? 1 : 0), b.i16(binary.length))
      : b.i16(0)
    b.i16(parameters.length)

    parameters.forEach((x, i) => {
      if (x === null)
        return b.i32(0xFFFFFFFF)

      if (binary[i])
        return b.i32(x.length).raw(x)
`,
    },
    {
      before: `    incomings = null
    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)`,
      after: `    incomings = null
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
    socket.removeListener('data', data)`,
    },
    {
      // COPY ... TO STDOUT: a CopyData that fills the stream pauses the socket until the
      // reader asks for more, but the reader stops asking once CopyDone ends the stream, and
      // CopyDone can arrive in the same read as that CopyData. The socket then stays paused
      // with the statement's completion unread, and the connection waits for ever
      // (porsager/postgres#499, fixed the same way by porsager/postgres#1016).
      before: `  function CopyDone() {
    stream && stream.push(null)
    stream = null
  }`,
      after: `  function CopyDone() {
    stream && stream.push(null)
    stream = null
    socket.resume()
  }`,
    },
    {
      // Each new connection reads the array types in a query nothing awaits: a connection
      // that closes meanwhile (a database restarting) rejects it with CONNECTION_CLOSED, an
      // unhandled rejection that ends the process. The close itself fails the connection's
      // waiting queries and the reconnect reads the types again, so the rejection is dropped.
      // (Reading them once per pool instead, with fetch_types turned off after, leaves a
      // reservation handed to a reconnect waiting for ever: only the type query's completion
      // hands it the connection.)
      before: `        return fetchArrayTypes()
`,
      after: `        return fetchArrayTypes().catch(() => {})
`,
    },
  ],
  "bytes.js": [
    {
      // Appends in place, as str() does, instead of copying the whole message for every
      // binary parameter.
      before: `  raw(x) {
    buffer = Buffer.concat([buffer.subarray(0, b.i), x])
    b.i = buffer.length
    return b
  },`,
      after: `  raw(x) {
    fit(x.length)
    buffer.set(x, b.i)
    b.i += x.length
    return b
  },`,
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
