import type { Tx } from "../db.ts";
import { DRI_ROWS, driTargets, type LifeStage } from "./dri.ts";

const COLUMNS = new Set(["calcium", "iron", "potassium", "vitamin_a", "vitamin_c"]);

type Stored = { life_stage: LifeStage | null; targets: Record<string, number> };

async function readStored(tx: Tx, userId: string): Promise<Stored> {
  const [row] = await tx<Stored[]>`
    select life_stage, targets from micronutrient_targets where user_id = ${userId}`;
  return row ?? { life_stage: null, targets: {} };
}

/**
 * What the diary holds of each DRI nutrient, columns and custom_nutrients alike: per day, averaged
 * over the days of `start`..`end` with food logged (a day skipped does not count as nothing eaten).
 */
async function eatenBetween(
  tx: Tx,
  userId: string,
  start: string,
  end: string,
): Promise<Map<string, number>> {
  const columns = [...COLUMNS];
  const rows = await tx<{ key: string; eaten: number }[]>`
    select n.key, sum(n.value * e.quantity / e.serving_size)::float8 / (
             select count(distinct d.entry_date) from food_entries d
              where d.user_id = ${userId} and d.entry_date between ${start} and ${end}) as eaten
      from food_entries e
     cross join lateral (
       select c.key, (c.value #>> '{}')::float8 as value
         from jsonb_each(e.custom_nutrients) c where jsonb_typeof(c.value) = 'number'
       union all
       select k.key, (to_jsonb(e) ->> k.key)::float8
         from unnest(${columns}::text[]) as k(key)) n
     where e.user_id = ${userId} and e.entry_date between ${start} and ${end}
       and n.value is not null
     group by n.key`;
  return new Map(rows.map((row) => [row.key, row.eaten]));
}

/**
 * The targets for the person on `date` (DRI for their age, sex and life stage, or their own
 * figure), each with what the diary holds of it that day, or the daily average of the days
 * logged from `since`, and the share of the target reached.
 */
export async function readMicronutrientTargets(tx: Tx, userId: string, date: string, since = date) {
  const stored = await readStored(tx, userId);
  const [profile] = await tx<{ age: number | null; sex: string | null; pregnant: boolean }[]>`
    select extract(year from age(${date}::date, p.date_of_birth))::int as age, p.sex,
           exists (select 1 from pregnancies g where g.user_id = ${userId} and g.status = 'active') as pregnant
      from (select 1) one left join user_profiles p on p.user_id = ${userId}`;
  const lifeStage = stored.life_stage ?? (profile?.pregnant ? "pregnancy" : null);
  const dri = driTargets({ age: profile?.age ?? null, sex: profile?.sex ?? null, lifeStage });
  const eaten = await eatenBetween(tx, userId, since, date);
  return {
    date,
    age: profile?.age ?? null,
    sex: profile?.sex ?? null,
    life_stage: lifeStage,
    targets: DRI_ROWS.map((row) => {
      const own = stored.targets[row.key];
      const target = own ?? dri.get(row.key)!;
      const value = Math.round((eaten.get(row.key) ?? 0) * 100) / 100;
      return {
        key: row.key,
        label: row.label,
        unit: row.unit,
        target,
        source: own === undefined ? ("dri" as const) : ("own" as const),
        dri: dri.get(row.key)!,
        eaten: value,
        percent: Math.round((value / target) * 100),
      };
    }),
  };
}

/** Sets the life stage (when sent) and the person's own targets (null restores the DRI). */
export async function saveMicronutrientTargets(
  tx: Tx,
  userId: string,
  changes: { life_stage?: LifeStage | null; targets?: Partial<Record<string, number | null>> },
) {
  const stored = await readStored(tx, userId);
  const targets = { ...stored.targets };
  for (const [key, value] of Object.entries(changes.targets ?? {})) {
    if (value === null || value === undefined) delete targets[key];
    else targets[key] = value;
  }
  const lifeStage = changes.life_stage === undefined ? stored.life_stage : changes.life_stage;
  await tx`
    insert into micronutrient_targets (user_id, life_stage, targets)
    values (${userId}, ${lifeStage}, ${tx.json(targets)})
    on conflict (user_id) do update
      set life_stage = excluded.life_stage, targets = excluded.targets, updated_at = now()`;
}
