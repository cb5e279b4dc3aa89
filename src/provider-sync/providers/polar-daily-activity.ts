import type { HealthRecord } from "../../lib/ingest-types.ts";
import type { ProviderHttp } from "../provider-http.ts";

const API = "https://www.polaraccesslink.com/v3";

type DailyActivity = {
  id: number;
  date: string;
  created: string;
  calories?: number;
  "active-calories"?: number;
  "active-steps"?: number;
};

/**
 * AccessLink's daily activity comes in transactions: open one (204: nothing new), read
 * each summary it lists, and commit it once the records are saved, after which Polar does
 * not send them again. A day's summary is sent again whole when the device syncs more
 * steps, so the day's records are keyed by the date and the latest summary wins.
 */
export async function dailyActivityTransaction(http: ProviderHttp, polarUserId: string) {
  const base = `${API}/users/${polarUserId}/activity-transactions`;
  const opened = await http.send("POST", base, { allow: [204] });
  if (opened.status === 204) return { records: [], commit: undefined };
  const { "transaction-id": id } = opened.body as { "transaction-id": number };
  const { "activity-log": links = [] } = (await http.getJson(`${base}/${id}`)) as {
    "activity-log"?: string[];
  };
  const summaries: DailyActivity[] = [];
  // The links are absolute AccessLink URLs; only their path is used, on the configured base.
  for (const link of links)
    summaries.push(
      (await http.getJson(`${API}${new URL(link).pathname.replace(/^\/v3/, "")}`)) as DailyActivity,
    );
  summaries.sort((a, b) => a.created.localeCompare(b.created));
  return {
    records: summaries.flatMap(dayRecords),
    commit: async () => void (await http.send("PUT", `${base}/${id}`)),
  };
}

function dayRecords(d: DailyActivity): HealthRecord[] {
  const values: [string, number | undefined][] = [
    ["step", d["active-steps"]],
    ["Active Calories", d["active-calories"]],
  ];
  return values.flatMap(([type, value]) =>
    value === undefined
      ? []
      : [{ type, value, date: d.date, source: "polar", source_id: `${type}:${d.date}` }],
  );
}
