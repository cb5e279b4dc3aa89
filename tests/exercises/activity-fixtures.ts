import { Encoder, Profile, type Encodable, type Mesg } from "@garmin/fitsdk";

/** Activity files the tests make themselves: FIT with the SDK's encoder, GPX and TCX as text. */

export type FixturePoint = {
  t: number;
  lat: number;
  lon: number;
  alt: number;
  hr: number;
  dist: number;
};

// Metres per degree of latitude on the haversine sphere, so distances are known.
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/** `count` points one second apart heading north at `speed` m/s. */
export function fixturePoints(start: string, count: number, speed = 3): FixturePoint[] {
  const t0 = Date.parse(start);
  return Array.from({ length: count }, (_, i) => ({
    t: t0 + i * 1000,
    lat: 45 + (i * speed) / METRES_PER_DEGREE,
    lon: 7,
    alt: 200 + (i % 20),
    hr: 120 + (i % 40),
    dist: i * speed,
  }));
}

const iso = (t: number) => new Date(t).toISOString();

export function makeGpx(points: FixturePoint[], type = "running"): string {
  const pts = points
    .map(
      (p) =>
        `<trkpt lat="${p.lat}" lon="${p.lon}"><ele>${p.alt}</ele><time>${iso(p.t)}</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${p.hr}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
<trk><name>Morning run</name><type>${type}</type><trkseg>
${pts}
</trkseg></trk></gpx>`;
}

/** A TCX activity with two laps splitting the points in half. */
export function makeTcx(points: FixturePoint[], sport = "Biking"): string {
  const half = Math.floor(points.length / 2);
  const lap = (ps: FixturePoint[]) => `
    <Lap StartTime="${iso(ps[0]!.t)}">
      <TotalTimeSeconds>${(ps.at(-1)!.t - ps[0]!.t) / 1000 + 1}</TotalTimeSeconds>
      <DistanceMeters>${ps.at(-1)!.dist - ps[0]!.dist}</DistanceMeters>
      <Calories>50</Calories>
      <Track>${ps
        .map(
          (p) =>
            `<Trackpoint><Time>${iso(p.t)}</Time><Position><LatitudeDegrees>${p.lat}</LatitudeDegrees><LongitudeDegrees>${p.lon}</LongitudeDegrees></Position><AltitudeMeters>${p.alt}</AltitudeMeters><DistanceMeters>${p.dist}</DistanceMeters><HeartRateBpm><Value>${p.hr}</Value></HeartRateBpm></Trackpoint>`,
        )
        .join("")}</Track>
    </Lap>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
  <Activities><Activity Sport="${sport}"><Id>${iso(points[0]!.t)}</Id>${lap(points.slice(0, half))}${lap(points.slice(half))}</Activity></Activities>
</TrainingCenterDatabase>`;
}

const SEMICIRCLES = 2 ** 31 / 180;
const M = Profile.MesgNum as unknown as Record<string, number>;

/** A FIT activity: file id, records, one lap per `lapEvery` points, session, activity. */
export function makeFit(
  points: FixturePoint[],
  options: { sport?: string; serial?: number; lapEvery?: number } = {},
): Uint8Array {
  const encoder = new Encoder();
  const write = (mesg: Record<string, unknown>) =>
    encoder.writeMesg(mesg as unknown as Encodable<Mesg>);
  const start = new Date(points[0]!.t);
  const end = new Date(points.at(-1)!.t);
  write({
    mesgNum: M.FILE_ID,
    type: "activity",
    manufacturer: "development",
    product: 1,
    timeCreated: start,
    serialNumber: options.serial ?? 4242,
  });
  for (const p of points)
    write({
      mesgNum: M.RECORD,
      timestamp: new Date(p.t),
      positionLat: Math.round(p.lat * SEMICIRCLES),
      positionLong: Math.round(p.lon * SEMICIRCLES),
      altitude: p.alt,
      heartRate: p.hr,
      cadence: 80,
      power: 210,
      speed: 3,
      distance: p.dist,
    });
  const every = options.lapEvery ?? points.length;
  for (let i = 0; i < points.length; i += every) {
    const lapPoints = points.slice(i, i + every);
    const seconds = (lapPoints.at(-1)!.t - lapPoints[0]!.t) / 1000;
    write({
      mesgNum: M.LAP,
      timestamp: new Date(lapPoints.at(-1)!.t),
      startTime: new Date(lapPoints[0]!.t),
      totalElapsedTime: seconds,
      totalTimerTime: seconds,
    });
  }
  const seconds = (end.getTime() - start.getTime()) / 1000;
  write({
    mesgNum: M.SESSION,
    timestamp: end,
    startTime: start,
    totalElapsedTime: seconds,
    totalTimerTime: seconds,
    totalDistance: points.at(-1)!.dist,
    totalCalories: 321,
    sport: options.sport ?? "cycling",
  });
  write({ mesgNum: M.ACTIVITY, timestamp: end, numSessions: 1, totalTimerTime: seconds });
  return encoder.close();
}
