import { zipSync, strToU8 } from "fflate";

/** A generated Apple Health export.zip in the real layout and element shapes. */

const OFFSET = "+0200";
const HK = "HKQuantityTypeIdentifier";
const at = (day: string, time: string) => `${day} ${time} ${OFFSET}`;
const pad = (n: number) => String(n).padStart(2, "0");
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}:00`;

function record(
  type: string,
  unit: string,
  value: number | string,
  start: string,
  end = start,
  source = "Alice’s Apple Watch",
) {
  return `  <Record type="${type}" sourceName="${source}" sourceVersion="10.1" unit="${unit}" creationDate="${end}" startDate="${start}" endDate="${end}" value="${value}"/>`;
}

export const DAYS = ["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04", "2026-05-05"];
export const HEART_RATES_PER_DAY = 600;
export const ROUTE_FILE = "/workout-routes/route_2026-05-03_8.00am.gpx";

function previousDay(day: string) {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 86400_000).toISOString().slice(0, 10);
}

function dayRecords(day: string): string[] {
  const lines: string[] = [];
  for (let i = 0; i < HEART_RATES_PER_DAY; i++) {
    const t = at(day, clock(8 * 60 + i));
    lines.push(record(`${HK}HeartRate`, "count/min", 60 + (i % 40), t));
  }
  for (let h = 0; h < 24; h++) {
    const [start, end] = [at(day, clock(h * 60)), at(day, clock(h * 60 + 30))];
    lines.push(record(`${HK}StepCount`, "count", 100, start, end, "Alice’s iPhone"));
    lines.push(record(`${HK}StepCount`, "count", 110, start, end));
  }
  for (let i = 0; i < 10; i++) {
    const [start, end] = [at(day, clock(600 + i * 10)), at(day, clock(605 + i * 10))];
    lines.push(record(`${HK}DistanceWalkingRunning`, "km", 0.5, start, end));
    lines.push(record(`${HK}ActiveEnergyBurned`, "kcal", 30, start, end));
  }
  const morning = at(day, "07:30:00");
  lines.push(record(`${HK}BodyMass`, "kg", 80.5, morning, morning, "Withings"));
  lines.push(record(`${HK}BodyFatPercentage`, "%", 0.182, morning, morning, "Withings"));
  lines.push(record(`${HK}OxygenSaturation`, "%", 0.97, morning));
  lines.push(record(`${HK}RespiratoryRate`, "count/min", 14, morning));
  lines.push(record(`${HK}HeartRateVariabilitySDNN`, "ms", 48.5, morning));
  lines.push(
    record(`${HK}DietaryWater`, "mL", 250, at(day, "09:00:00"), at(day, "09:00:00"), "WaterMinder"),
  );
  lines.push(
    record(`${HK}DietaryWater`, "mL", 250, at(day, "15:00:00"), at(day, "15:00:00"), "WaterMinder"),
  );
  lines.push(record(`${HK}BasalEnergyBurned`, "kcal", 1600, morning));
  // A night ending on this day, in stages, plus the phone's in-bed span.
  const night = previousDay(day);
  const sleep = "HKCategoryTypeIdentifierSleepAnalysis";
  lines.push(
    record(
      sleep,
      "",
      "HKCategoryValueSleepAnalysisInBed",
      at(night, "23:00:00"),
      at(day, "07:00:00"),
      "Alice’s iPhone",
    ),
  );
  lines.push(
    record(
      sleep,
      "",
      "HKCategoryValueSleepAnalysisAsleepCore",
      at(night, "23:15:00"),
      at(day, "02:00:00"),
    ),
  );
  lines.push(
    record(
      sleep,
      "",
      "HKCategoryValueSleepAnalysisAsleepDeep",
      at(day, "02:00:00"),
      at(day, "03:30:00"),
    ),
  );
  lines.push(
    record(
      sleep,
      "",
      "HKCategoryValueSleepAnalysisAsleepREM",
      at(day, "03:30:00"),
      at(day, "06:45:00"),
    ),
  );
  lines.push(
    record(
      sleep,
      "",
      "HKCategoryValueSleepAnalysisAwake",
      at(day, "06:45:00"),
      at(day, "07:00:00"),
    ),
  );
  // A blood-pressure correlation repeats Records that also stand alone: read once.
  lines.push(
    `  <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" creationDate="${morning}" startDate="${morning}" endDate="${morning}">`,
  );
  lines.push(`  ${record(`${HK}HeartRate`, "count/min", 99, morning, morning, "Omron")}`);
  lines.push("  </Correlation>");
  return lines;
}

const WORKOUTS = `
  <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Alice’s Apple Watch" sourceVersion="10.1" creationDate="${at("2026-05-03", "08:31:00")}" startDate="${at("2026-05-03", "08:00:00")}" endDate="${at("2026-05-03", "08:30:00")}">
    <MetadataEntry key="HKIndoorWorkout" value="0"/>
    <WorkoutEvent type="HKWorkoutEventTypeSegment" date="${at("2026-05-03", "08:00:00")}" duration="15" durationUnit="min"/>
    <WorkoutStatistics type="${HK}DistanceWalkingRunning" startDate="${at("2026-05-03", "08:00:00")}" endDate="${at("2026-05-03", "08:30:00")}" sum="5.2" unit="km"/>
    <WorkoutStatistics type="${HK}ActiveEnergyBurned" startDate="${at("2026-05-03", "08:00:00")}" endDate="${at("2026-05-03", "08:30:00")}" sum="310" unit="kcal"/>
    <WorkoutStatistics type="${HK}HeartRate" startDate="${at("2026-05-03", "08:00:00")}" endDate="${at("2026-05-03", "08:30:00")}" average="151.4" minimum="98" maximum="172" unit="count/min"/>
    <WorkoutRoute sourceName="Alice’s Apple Watch" sourceVersion="10.1" creationDate="${at("2026-05-03", "08:31:00")}" startDate="${at("2026-05-03", "08:00:00")}" endDate="${at("2026-05-03", "08:30:00")}">
      <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
      <FileReference path="${ROUTE_FILE}"/>
    </WorkoutRoute>
  </Workout>
  <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="45" durationUnit="min" sourceName="Alice’s Apple Watch" creationDate="${at("2026-05-03", "18:46:00")}" startDate="${at("2026-05-03", "18:00:00")}" endDate="${at("2026-05-03", "18:45:00")}">
    <WorkoutStatistics type="${HK}ActiveEnergyBurned" startDate="${at("2026-05-03", "18:00:00")}" endDate="${at("2026-05-03", "18:45:00")}" sum="1000" unit="kJ"/>
  </Workout>`;

export const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
]>
<HealthData locale="en_US">
  <ExportDate value="2026-05-06 10:00:00 ${OFFSET}"/>
  <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
`;

/** The export.xml of `days` (the bench passes a year's). */
export function exportXml(days = DAYS): string {
  return `${HEADER}${days.flatMap(dayRecords).join("\n")}\n${WORKOUTS}\n</HealthData>\n`;
}

/** The run's track: 31 points, one a minute, heading north (times in UTC). */
export function routeGpx(): string {
  const start = Date.parse("2026-05-03T06:00:00Z");
  const points = Array.from({ length: 31 }, (_, i) => {
    const t = new Date(start + i * 60_000).toISOString();
    return `<trkpt lon="13.400000" lat="${(52.5 + i * 0.0015).toFixed(6)}"><ele>${40 + i}</ele><time>${t}</time><extensions><speed>2.9</speed><course>0</course><hAcc>3</hAcc><vAcc>2</vAcc></extensions></trkpt>`;
  }).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
<metadata><time>2026-05-06T08:00:00Z</time></metadata>
<trk><name>Route 2026-05-03 8:00am</name><trkseg>
${points}
</trkseg></trk>
</gpx>`;
}

export function exportZip(xml = exportXml()): Uint8Array {
  return zipSync({
    "apple_health_export/export.xml": strToU8(xml),
    "apple_health_export/export_cda.xml": strToU8('<?xml version="1.0"?><ClinicalDocument/>'),
    [`apple_health_export${ROUTE_FILE}`]: strToU8(routeGpx()),
  });
}
