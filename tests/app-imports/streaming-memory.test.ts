import { expect, test } from "bun:test";
import { Zip, ZipDeflate } from "fflate";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { exportXmlParser } from "../../src/app-imports/apple-health-xml.ts";
import { streamZip } from "../../src/lib/zip-stream.ts";
import { emptyDir } from "../helpers/processes.ts";
import { HEADER } from "./apple-health-export.ts";

const XML_BYTES = 150 * 1024 * 1024;

/** Writes a zip whose export.xml is about 150 MB of heart-rate Records, generated piecewise. */
async function writeLargeExport(path: string): Promise<number> {
  const out = createWriteStream(path);
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.write(chunk);
  });
  const member = new ZipDeflate("apple_health_export/export.xml", { level: 1 });
  zip.add(member);
  const encoder = new TextEncoder();
  member.push(encoder.encode(HEADER));
  let written = 0;
  let records = 0;
  while (written < XML_BYTES) {
    const lines: string[] = [];
    for (let i = 0; i < 1000; i++, records++) {
      const minute = records % 1440;
      const day = `2020-01-${String(1 + ((records / 1440) % 28)).padStart(2, "0")}`;
      const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00`;
      lines.push(
        `  <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" creationDate="${day} ${time} +0000" startDate="${day} ${time} +0000" endDate="${day} ${time} +0000" value="${60 + (records % 50)}"/>\n`,
      );
    }
    const bytes = encoder.encode(lines.join(""));
    written += bytes.length;
    member.push(bytes);
  }
  member.push(encoder.encode("</HealthData>\n"), true);
  zip.end();
  await new Promise<void>((resolve) => out.end(resolve));
  return records;
}

// Not a timing check: it asserts the reader never holds the document. What stays reachable
// is sampled after a full collection every 64 pushes (of 16 kB compressed) (resident memory alone would also
// count garbage not yet collected, which depends on the rest of the process). Were the
// 150 MB of XML buffered, what is retained would grow by at least as much.
const retained = () => {
  Bun.gc(true);
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

test("a 150 MB export.xml is read with retained memory far below its size", async () => {
  const path = join(emptyDir("apple-health-large-"), "export.zip");
  const records = await writeLargeExport(path);
  const before = retained();
  let peak = before;
  let pushes = 0;
  let seen = 0;
  const parser = exportXmlParser({ record: () => void seen++, workout: () => {} });
  await streamZip(
    Bun.file(path).stream(),
    (name) =>
      name.endsWith("export.xml")
        ? (bytes, final) => {
            parser.write(bytes);
            if (final) parser.close();
          }
        : null,
    async () => {
      if (++pushes % 64 === 0) peak = Math.max(peak, retained());
    },
    { bytes: 1024 ** 3, entries: 10, memberBytes: 1024 ** 3 },
  );
  const growthMb = (peak - before) / 1024 / 1024;
  console.log(
    `apple health stream: ${records} records, ${Bun.file(path).size} zip bytes, peak retained growth ${growthMb.toFixed(1)} MB`,
  );
  expect(seen).toBe(records);
  expect(pushes).toBeGreaterThan(100);
  expect(growthMb).toBeLessThan(40);
}, 600_000);
