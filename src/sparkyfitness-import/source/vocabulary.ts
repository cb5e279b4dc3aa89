import { MEDICATION_TYPES, SCHEDULE_TYPES } from "../../medications/schemas.ts";
import { modalityOf, type Modality } from "../../workouts/activity-types.ts";
import { hasTable, type Source } from "./source.ts";

/**
 * The other server's vocabularies as its own schema states them (check constraints and
 * lookup tables), and the value each becomes here. Every value it accepts has a home: a
 * value a later release adds falls back to the nearest meaning rather than being refused.
 */
export type SourceVocabulary = {
  modalities: string[];
  medicationTypes: { id: string; is_injectable: boolean }[];
  scheduleTypes: string[];
};

/** Reads the vocabularies from the other server's catalog and lookup tables. */
export async function readVocabulary(src: Source): Promise<SourceVocabulary> {
  return {
    modalities: await checkConstraintValues(src, "public.exercises", "modality"),
    medicationTypes: (await hasTable(src, "public.medication_types"))
      ? await src<{ id: string; is_injectable: boolean }[]>`
          select id, coalesce(is_injectable, false) as is_injectable
            from public.medication_types order by id`
      : [],
    scheduleTypes: await lookupIds(src, "medication_schedule_types"),
  };
}

async function lookupIds(src: Source, table: string): Promise<string[]> {
  if (!(await hasTable(src, `public.${table}`))) return [];
  const rows = await src<{ id: string }[]>`select id from ${src("public." + table)} order by id`;
  return rows.map((r) => r.id);
}

/** The quoted values of the check constraints on one column (`col = any (array['a', ...])`). */
async function checkConstraintValues(src: Source, table: string, column: string) {
  if (!(await hasTable(src, table))) return [];
  const rows = await src<{ def: string }[]>`
    select pg_get_constraintdef(c.oid) as def
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
     where c.conrelid = to_regclass(${table}) and c.contype = 'c' and a.attname = ${column}`;
  const values = rows.flatMap((r) => [...r.def.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!));
  return [...new Set(values.map((v) => v.replaceAll("''", "'")))];
}

const MODALITIES: Record<string, Modality> = {
  weight_reps: "strength",
  reps_only: "reps_only",
  duration: "duration",
  duration_distance: "distance",
};

/** An exercise's modality here: that server's four map one to one; else guessed from the name. */
export function modalityHere(modality: string | null, name: string): Modality {
  return (modality && MODALITIES[modality]) || modalityOf(name);
}

const OUR_TYPES = new Set<string>(MEDICATION_TYPES);

/** A medication form here: the same form, else an injection or "other" as its lookup row says. */
export function medicationTypeHere(type: string | null, injectable: boolean): string | null {
  if (type === null) return null;
  return OUR_TYPES.has(type) ? type : injectable ? "injection" : "other";
}

const OUR_SCHEDULES = new Set<string>(SCHEDULE_TYPES);

/** A schedule kind here: the same kind; one this server does not know is as needed (never due). */
export function scheduleTypeHere(type: string): string {
  const lower = type.toLowerCase();
  return OUR_SCHEDULES.has(lower) ? lower : "prn";
}

/** A pen's state here: sealed stays sealed, in use is active, used up is finished. */
export function penStatusHere(status: string | null, remaining: number): string {
  switch (status?.toLowerCase()) {
    case "sealed":
      return "sealed";
    case "in_use":
    case "active":
      return "active";
    case "discarded":
    case "expired":
      return "discarded";
    case "finished":
      return "finished";
    default:
      return remaining > 0 ? "active" : "finished";
  }
}

/**
 * The values that source accepts which come over as a nearer meaning (none for release
 * 1.6.2), one line each for the summary: the rows holding them are worth a look.
 */
export function adaptedValues(vocabulary: SourceVocabulary): string[] {
  const lines: string[] = [];
  for (const m of vocabulary.modalities)
    if (!(m in MODALITIES))
      lines.push(`exercise modality '${m}' is guessed from each exercise's name`);
  for (const t of vocabulary.medicationTypes) {
    const here = medicationTypeHere(t.id, t.is_injectable);
    if (here !== t.id) lines.push(`medication form '${t.id}' is kept as '${here}'`);
  }
  for (const s of vocabulary.scheduleTypes)
    if (scheduleTypeHere(s) !== s) lines.push(`schedule kind '${s}' is kept as 'prn' (as needed)`);
  return lines;
}
