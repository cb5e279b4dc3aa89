import type { HealthRecord } from "../../lib/ingest-types.ts";
import type { ProviderHttp } from "../provider-http.ts";

const API = "https://api.fitbit.com";

type Series = {
  path: string;
  key: string;
  read: (item: Record<string, any>) => [string, number | undefined][];
};

// Each daily time series: its endpoint, the answer's key, and the records one day gives.
const SERIES: Series[] = [
  { path: "activities/steps", key: "activities-steps", read: (d) => [["step", num(d.value)]] },
  {
    path: "activities/heart",
    key: "activities-heart",
    read: (d) => [["resting_hr", d.value?.restingHeartRate]],
  },
  { path: "spo2", key: "", read: (d) => [["oxygen_saturation", d.value?.avg]] },
  { path: "hrv", key: "hrv", read: (d) => [["HRV", d.value?.dailyRmssd]] },
  { path: "br", key: "br", read: (d) => [["respiratory_rate", d.value?.breathingRate]] },
  {
    path: "temp/skin",
    key: "tempSkin",
    read: (d) => [["skin_temperature_deviation", d.value?.nightlyRelative]],
  },
  { path: "foods/log/water", key: "foods-log-water", read: (d) => [["water", num(d.value)]] },
];

function num(value: unknown): number | undefined {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** Daily series and weight/fat logs of one range (at most 30 days), as per-day records. */
export async function dailyRecords(http: ProviderHttp, range: { from: string; to: string }) {
  const records: HealthRecord[] = [];
  for (const series of SERIES) {
    const body = (await http.getJson(
      `${API}/1/user/-/${series.path}/date/${range.from}/${range.to}.json`,
    )) as Record<string, unknown> | unknown[];
    // SpO2 answers a bare array; the others an object keyed by the series.
    const items = (Array.isArray(body) ? body : (body[series.key] ?? [])) as Record<string, any>[];
    for (const item of items)
      for (const [type, value] of series.read(item))
        if (value !== undefined && value !== null)
          records.push({
            type,
            value,
            date: item.dateTime,
            source: "fitbit",
            source_id: `${type}:${item.dateTime}`,
          });
  }
  const weights = (await http.getJson(
    `${API}/1/user/-/body/log/weight/date/${range.from}/${range.to}.json`,
  )) as { weight: { logId: number; date: string; weight: number; fat?: number }[] };
  for (const log of weights.weight) {
    records.push({
      type: "weight",
      value: log.weight,
      date: log.date,
      source: "fitbit",
      source_id: String(log.logId),
    });
    if (log.fat !== undefined)
      records.push({
        type: "body_fat",
        value: log.fat,
        date: log.date,
        source: "fitbit",
        source_id: `fat:${log.logId}`,
      });
  }
  return records;
}
