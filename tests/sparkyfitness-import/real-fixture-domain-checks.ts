import { expect } from "bun:test";
import type postgres from "postgres";

/** One imported person: their id there (and here) and a GET through this server's API. */
export type Person = { id: string; email: string; get(path: string): Promise<any> };

/**
 * A domain of the fixture README: the source tables it imports (each row written) and a
 * check comparing the source rows with the API's answers; returns how many rows it compared.
 */
type Domain = {
  name: string;
  tables: string[];
  check(src: postgres.Sql, person: Person): Promise<number>;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** This server's entry for one of the source's exercise entries (same source id rule as the import). */
async function entryHere(
  person: Person,
  e: { id: string; entry_date: string; source: string | null; source_id: string | null },
) {
  const day = await person.get(`/api/exercise-entries/by-date?selectedDate=${e.entry_date}`);
  const key = e.source && e.source_id ? e.source_id : e.id;
  const found = day.find((x: any) => x.source_id === key);
  expect([e.id, found !== undefined]).toEqual([e.id, true]);
  return found;
}

const heartRate: Domain = {
  name: "heart-rate samples with their workout, and its zones",
  tables: ["exercise_entries"],
  async check(src, person) {
    const workouts = await src<
      {
        id: string;
        entry_date: string;
        source: string;
        source_id: string | null;
        samples: { t: string; bpm: number }[];
        zones: number[][];
      }[]
    >`
      select e.id::text, e.entry_date, e.source, e.source_id,
             json_agg(json_build_object('t', s->>'t', 'bpm', (s->>'bpm')::float8) order by s->>'t') as samples,
             (select json_agg(json_build_array(z.zone_index, z.zone_lower_bpm, z.zone_upper_bpm,
                                               z.seconds_in_zone) order by z.zone_index)
                from public.exercise_entry_hr_zones z where z.exercise_entry_id = e.id) as zones
        from public.health_metric_samples h cross join jsonb_array_elements(h.samples) s
        join public.exercise_entries e on e.id::text = s->>'ex'
       where h.user_id = ${person.id} and h.metric = 'heart_rate'
       group by e.id`;
    for (const w of workouts) {
      const entry = await entryHere(person, w);
      // Day rows are calendar days in the person's zone: read the days around the entry's.
      const around = (days: number) =>
        new Date(Date.parse(`${w.entry_date}T00:00:00Z`) + days * 86_400_000)
          .toISOString()
          .slice(0, 10);
      const { data } = await person.get(
        `/api/generic-health/samples?metric=heart_rate&startDate=${around(-1)}&endDate=${around(1)}&format=columns`,
      );
      const here: { t: string; bpm: number }[] = [];
      for (const row of data.filter((r: any) => r.exercise_entry_ids.includes(entry.id)))
        row.t_offset_ms.forEach((o: number, i: number) =>
          here.push({
            t: new Date(Date.parse(row.base_time) + o).toISOString(),
            bpm: row.value[i],
          }),
        );
      here.sort((a, b) => a.t.localeCompare(b.t));
      expect(here).toEqual(w.samples);
      // The zones worked out here from the samples are the ones that server stored.
      const zones = await person.get(`/api/generic-health/workout-hr-zones/${entry.id}`);
      expect(
        zones.data
          .filter((z: any) => z.seconds > 0)
          .map((z: any) => [z.zone, z.min_bpm, z.max_bpm, z.seconds]),
      ).toEqual(w.zones);
    }
    return workouts.length;
  },
};

const exerciseDetails: Domain = {
  name: "exercises with modality and details; entries with times, raw data, set details",
  tables: ["exercises", "exercise_entries"],
  async check(src, person) {
    const modality: Record<string, string> = {
      weight_reps: "strength",
      reps_only: "reps_only",
      duration: "duration",
      duration_distance: "distance",
    };
    const entries = await src<any[]>`
      select e.id::text, e.entry_date, e.entry_time::text, e.source, e.source_id, e.notes,
             e.duration_minutes::float8, e.calories_burned::float8, e.distance::float8,
             e.avg_heart_rate::float8,
             coalesce(e.exercise_name, x.name) as name, x.modality, x.category, x.equipment,
             x.primary_muscles, x.level, x.force, x.mechanic, x.description,
             x.calories_per_hour::float8,
             e.entry_time is not null
               or exists (select 1 from public.exercise_entry_gps_points g where g.exercise_entry_id = e.id)
               or exists (select 1 from public.health_metric_samples h, jsonb_array_elements(h.samples) s
                           where h.user_id = e.user_id and s->>'ex' = e.id::text) as timed,
             (select d.detail_data from public.exercise_entry_activity_details d
               where d.exercise_entry_id = e.id) as raw_data,
             coalesce((select json_agg(s order by s.set_number)
                         from public.exercise_entry_sets s where s.exercise_entry_id = e.id), '[]') as sets
        from public.exercise_entries e join public.exercises x on x.id = e.exercise_id
       where e.user_id = ${person.id} and e.exercise_name is distinct from 'Active Calories'`;
    for (const e of entries) {
      const here = await entryHere(person, e);
      expect([e.id, here.entry_time, here.exercise_name, here.modality, here.raw_data]).toEqual([
        e.id,
        e.entry_time,
        e.name,
        modality[e.modality],
        e.raw_data,
      ]);
      // Without a time, a track or heart-rate samples there, the entry has no time here.
      if (!e.timed) expect(here.start_time).toBeNull();
      expect([
        here.duration_seconds,
        here.calories_burned,
        here.distance,
        here.notes,
        here.avg_heart_rate,
      ]).toEqual([
        e.duration_minutes * 60,
        e.calories_burned,
        e.distance,
        e.notes,
        e.avg_heart_rate,
      ]);
      const exercise = await person.get(`/api/exercises/${here.exercise_id}`);
      const list = (v: string | null) => (v ? JSON.parse(v) : []);
      expect([
        exercise.category,
        exercise.equipment,
        exercise.primary_muscles,
        exercise.level,
        exercise.force,
        exercise.mechanic,
        exercise.description,
        exercise.calories_per_hour,
      ]).toEqual([
        e.category,
        list(e.equipment),
        list(e.primary_muscles),
        e.level,
        e.force,
        e.mechanic,
        e.description || null,
        e.calories_per_hour,
      ]);
      const setType = (s: string) =>
        ({ "Warm-up": "warmup", "Cool-down": "cooldown" })[s] ?? "normal";
      expect(
        here.sets.map((s: any) => [
          s.set_number,
          s.set_type,
          s.reps,
          s.weight,
          s.duration_seconds,
          s.rest_time_seconds,
          s.rpe,
          s.notes,
          s.distance,
        ]),
      ).toEqual(
        e.sets.map((s: any) => [
          s.set_number,
          setType(s.set_type),
          s.reps,
          num(s.weight),
          s.duration,
          s.rest_time,
          num(s.rpe),
          s.notes,
          num(s.distance),
        ]),
      );
    }
    return entries.length;
  },
};

const records: Domain = {
  name: "imported sets make personal records, as sets logged here do",
  tables: ["exercise_entries"],
  async check(src, person) {
    const heaviest = await src<{ name: string; weight: number }[]>`
      select e.exercise_name as name, max(s.weight)::float8 as weight
        from public.exercise_entry_sets s join public.exercise_entries e on e.id = s.exercise_entry_id
       where e.user_id = ${person.id} and s.weight > 0 and s.reps > 0 and s.set_type <> 'Warm-up'
       group by e.exercise_name order by e.exercise_name`;
    const current = await person.get("/api/personal-records");
    const maxWeight = current.filter((r: any) => r.record_type === "max_weight");
    expect(
      maxWeight
        .map((r: any) => [r.exercise_name, r.value])
        .sort((a: any, b: any) => a[0].localeCompare(b[0])),
    ).toEqual(heaviest.map((h) => [h.name, h.weight]));
    return heaviest.length;
  },
};

const activeCalories: Domain = {
  name: "a phone's Active Calories entry is the day's active calories",
  tables: ["exercise_entries"],
  async check(src, person) {
    const rows = await src<{ entry_date: string; calories: number; source: string }[]>`
      select entry_date, calories_burned::float8 as calories, source from public.exercise_entries
       where user_id = ${person.id} and exercise_name = 'Active Calories'`;
    for (const r of rows) {
      const here = await person.get(`/api/measurements/active-calories/${r.entry_date}`);
      const list = Array.isArray(here) ? here : (here.entries ?? [here]);
      expect(list.map((x: any) => [Number(x.calories), x.source])).toContainEqual([
        r.calories,
        r.source,
      ]);
      const day = await person.get(`/api/exercise-entries/by-date?selectedDate=${r.entry_date}`);
      expect(day.filter((x: any) => x.exercise_name === "Active Calories")).toEqual([]);
    }
    return rows.length;
  },
};

const sessions: Domain = {
  name: "a grouped session from a preset stays a session with its entries",
  tables: ["exercise_preset_entries"],
  async check(src, person) {
    const rows = await src<any[]>`
      select s.id::text, s.name, s.description, s.notes, s.entry_date,
             (select json_agg(e.exercise_name order by e.sort_order)
                from public.exercise_entries e where e.exercise_preset_entry_id = s.id) as exercises
        from public.exercise_preset_entries s where s.user_id = ${person.id}`;
    for (const s of rows) {
      const here = await person.get(`/api/exercise-preset-entries/${s.id}`);
      expect([here.name, here.description, here.notes, here.entry_date]).toEqual([
        s.name,
        s.description,
        s.notes,
        s.entry_date,
      ]);
      const entries = (here.exercises ?? here.entries) as any[];
      expect(entries.map((e) => e.exercise_name)).toEqual(s.exercises);
    }
    return rows.length;
  },
};

const plans: Domain = {
  name: "a weekly workout plan keeps its preset day and its one-exercise day",
  tables: ["workout_plan_templates"],
  async check(src, person) {
    const rows = await src<any[]>`
      select a.day_of_week, p.name as preset, x.name as exercise,
             (select json_agg(json_build_object('reps', s.reps, 'weight', s.weight::float8))
                from public.workout_plan_assignment_sets s where s.assignment_id = a.id) as sets
        from public.workout_plan_template_assignments a
        join public.workout_plan_templates t on t.id = a.template_id
        left join public.workout_presets p on p.id = a.workout_preset_id
        left join public.exercises x on x.id = a.exercise_id
       where t.user_id = ${person.id} order by a.day_of_week`;
    const [plan] = await person.get("/api/workout-plan-templates");
    expect(
      plan.assignments.map((a: any) => [
        a.day_of_week,
        a.workout_preset_name,
        a.exercise_name,
        a.exercise_id ? a.sets.map((s: any) => ({ reps: s.reps, weight: s.weight })) : null,
      ]),
    ).toEqual(rows.map((r) => [r.day_of_week, r.preset, r.exercise, r.exercise ? r.sets : null]));
    return rows.length;
  },
};

const presets: Domain = {
  name: "a workout preset keeps its exercises, superset and planned sets",
  tables: ["workout_presets"],
  async check(src, person) {
    const rows = await src<any[]>`
      select p.name as preset, x.name as exercise, pe.superset_group,
             (select json_agg(json_build_array(s.set_number, s.reps, s.weight::float8,
                                               s.rest_time, s.notes) order by s.set_number)
                from public.workout_preset_exercise_sets s
               where s.workout_preset_exercise_id = pe.id) as sets
        from public.workout_presets p
        join public.workout_preset_exercises pe on pe.workout_preset_id = p.id
        join public.exercises x on x.id = pe.exercise_id
       where p.user_id = ${person.id} order by p.name, pe.sort_order`;
    const here = await person.get("/api/workout-presets");
    const list = (Array.isArray(here) ? here : here.presets) as any[];
    expect(
      list.flatMap((p) =>
        p.exercises.map((e: any) => [
          p.name,
          e.exercise_name,
          e.superset_group,
          e.sets.map((s: any) => [s.set_number, s.reps, s.weight, s.rest_time_seconds, s.notes]),
        ]),
      ),
    ).toEqual(rows.map((r) => [r.preset, r.exercise, r.superset_group, r.sets]));
    return rows.length;
  },
};

const medications: Domain = {
  name: "medications with their forms, codes, rating, schedules, doses and pens",
  tables: ["medications", "medication_schedules", "medication_entries", "medication_pens"],
  async check(src, person) {
    const meds = await src<any[]>`
      select id::text, name, display_name, type_id, route_id, strength_value::float8,
             dose_amount::float8, dose_unit, prescriber, pharmacy, rx_number, ndc, rxnorm_rxcui,
             effectiveness_rating, is_supplement
        from public.medications where user_id = ${person.id} order by id`;
    const here = await person.get("/api/v2/medications");
    const byId = new Map(here.map((m: any) => [m.id, m]));
    for (const m of meds) {
      const h: any = byId.get(m.id);
      expect([
        h.name,
        h.display_name,
        h.type_id,
        h.route_id,
        h.strength_value,
        h.dose_amount,
        h.dose_unit,
        h.prescriber,
        h.pharmacy,
        h.rx_number,
        h.ndc,
        h.rxnorm_rxcui,
        h.effectiveness_rating,
        h.is_supplement,
      ]).toEqual([
        m.name,
        m.display_name,
        m.type_id,
        m.route_id,
        m.strength_value,
        m.dose_amount,
        m.dose_unit,
        m.prescriber,
        m.pharmacy,
        m.rx_number,
        m.ndc,
        m.rxnorm_rxcui,
        m.effectiveness_rating,
        m.is_supplement,
      ]);
    }
    const schedules = await src<any[]>`
      select id::text, medication_id::text, schedule_type_id, time_of_day::text,
             dose_amount::float8, with_meal, days_of_week, interval_days, day_of_month,
             -- Counting every n days needs a first day: the day the schedule was made.
             case when schedule_type_id in ('every_n_days', 'cyclic')
                  then coalesce(start_date, created_at::date) else start_date end as start_date,
             cycle_on_days, cycle_off_days
        from public.medication_schedules where user_id = ${person.id}`;
    for (const s of schedules) {
      const h = (byId.get(s.medication_id) as any).schedules.find((x: any) => x.id === s.id);
      const kind = (x: any) => [
        x.schedule_type_id,
        x.time_of_day,
        x.dose_amount,
        x.with_meal,
        x.start_date,
        x.days_of_week,
        x.interval_days,
        x.day_of_month,
        x.cycle_on_days,
        x.cycle_off_days,
      ];
      expect(kind(h)).toEqual(kind(s));
    }
    const doses = await src<any[]>`
      select id::text, medication_id::text, schedule_id::text, status, entry_date
        from public.medication_entries where user_id = ${person.id}`;
    const doseDays = doses.map((d) => d.entry_date).sort();
    const logged = await person.get(
      `/api/v2/medications/entries?fromDate=${doseDays[0]}&toDate=${doseDays.at(-1)}`,
    );
    for (const d of doses) {
      const h = logged.find((x: any) => x.id === d.id);
      expect([h.medication_id, h.schedule_id, h.status, h.entry_date]).toEqual([
        d.medication_id,
        d.schedule_id,
        d.status,
        d.entry_date,
      ]);
    }
    const pens = await src<any[]>`
      select id::text, medication_id::text, status, doses_total, doses_used, kind,
             dose_mg::float8, concentration_mg_ml::float8, volume_ml::float8, expiry_date,
             reorder_flag, reorder_threshold
        from public.medication_pens where user_id = ${person.id}`;
    const state: Record<string, string> = {
      sealed: "sealed",
      in_use: "active",
      finished: "finished",
    };
    for (const p of pens) {
      const list = await person.get(`/api/v2/medications/${p.medication_id}/pens`);
      const h = list.find((x: any) => x.id === p.id);
      expect([
        h.status,
        h.total_units,
        h.remaining_units,
        h.kind,
        h.dose_mg,
        h.concentration_mg_ml,
        h.volume_ml,
        h.expiry_date,
        h.reorder_flag,
        h.reorder_threshold,
      ]).toEqual([
        state[p.status],
        p.doses_total,
        p.doses_total - p.doses_used,
        p.kind,
        p.dose_mg,
        p.concentration_mg_ml,
        p.volume_ml,
        p.expiry_date,
        p.reorder_flag,
        p.reorder_threshold,
      ]);
    }
    return meds.length + schedules.length + doses.length + pens.length;
  },
};

const symptoms: Domain = {
  name: "custom symptoms with their scale; entries with their label, context and stool type",
  tables: ["user_custom_symptoms", "symptom_entries"],
  async check(src, person) {
    const defined = await src<any[]>`
      select id::text, coalesce(display_name, name) as name, scale_type, unit, is_glp1_flagged
        from public.user_custom_symptoms where user_id = ${person.id} order by id`;
    const list = await person.get("/api/v2/symptoms");
    expect(
      defined.map((d) => {
        const h = list.find((x: any) => x.id === d.id);
        return [h.id, h.name, h.scale_type, h.unit, h.is_glp1_flagged];
      }),
    ).toEqual(defined.map((d) => [d.id, d.name, d.scale_type, d.unit, d.is_glp1_flagged]));
    const rows = await src<any[]>`
      select id::text, symptom_id::text, medication_id::text, symptom_name_snapshot,
             severity::float8, severity_label, context_text, bristol_type, body_location, source,
             entry_date, to_char(logged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as logged_at
        from public.symptom_entries where user_id = ${person.id}`;
    const days = rows.map((r) => r.entry_date).sort();
    const here = await person.get(
      `/api/v2/symptoms/entries?fromDate=${days[0]}&toDate=${days.at(-1)}`,
    );
    const fields = (x: any) => [
      x.symptom_id,
      x.medication_id,
      x.symptom_name_snapshot,
      x.severity,
      x.severity_label,
      x.context_text,
      x.bristol_type,
      x.body_location,
      x.source,
      x.entry_date,
      new Date(x.logged_at).toISOString().slice(0, 19),
    ];
    for (const r of rows) expect(fields(here.find((x: any) => x.id === r.id))).toEqual(fields(r));
    return defined.length + rows.length;
  },
};

const goalPlans: Domain = {
  name: "weekly goal plans give each day the goal its preset gives there",
  tables: ["weekly_goal_plans"],
  async check(src, person) {
    const plans = await src<any[]>`
      select p.start_date, json_build_array(p.sunday_preset_id, p.monday_preset_id,
               p.tuesday_preset_id, p.wednesday_preset_id, p.thursday_preset_id,
               p.friday_preset_id, p.saturday_preset_id) as days
        from public.weekly_goal_plans p where p.user_id = ${person.id} and p.is_active`;
    let compared = 0;
    for (const plan of plans)
      for (let i = 0; i < 7; i++) {
        const day = new Date(Date.parse(`${plan.start_date}T00:00:00Z`) + i * 86_400_000);
        const date = day.toISOString().slice(0, 10);
        const [preset] = await src<any[]>`
          select calories::float8, protein::float8, carbs::float8, fat::float8,
                 water_goal::float8 as water
            from public.goal_presets where id = ${plan.days[day.getUTCDay()]}`;
        const goals = await person.get(`/api/goals/for-date?date=${date}`);
        expect([
          date,
          goals.calories,
          goals.protein,
          goals.carbs,
          goals.fat,
          goals.water_goal_ml,
        ]).toEqual([
          date,
          preset.calories,
          // A macro given in percent is worked out here in whole grams (goals contract).
          expect.closeTo(preset.protein, 0),
          expect.closeTo(preset.carbs, 0),
          expect.closeTo(preset.fat, 0),
          preset.water,
        ]);
        compared++;
      }
    return compared;
  },
};

const mealPlans: Domain = {
  name: "meal plan templates with their meals and foods per day and meal type",
  tables: ["meal_plan_templates"],
  async check(src, person) {
    const items = await src<any[]>`
      select t.plan_name, t.start_date, t.end_date, a.day_of_week, a.meal_id::text,
             a.food_id::text, a.variant_id::text, a.quantity::float8, a.unit, mt.name as meal_type
        from public.meal_plan_template_assignments a
        join public.meal_plan_templates t on t.id = a.template_id
        join public.meal_types mt on mt.id = a.meal_type_id
       where t.user_id = ${person.id} order by a.day_of_week, mt.sort_order, a.id`;
    const [plan] = await person.get("/api/meal-plan-templates");
    expect([plan.plan_name, plan.start_date, plan.end_date]).toEqual([
      items[0].plan_name,
      items[0].start_date,
      items[0].end_date,
    ]);
    const view = (a: any) => [
      a.day_of_week,
      a.meal_type.toLowerCase(),
      a.meal_id,
      a.food_id,
      a.variant_id,
      a.quantity,
      a.unit,
    ];
    expect(plan.assignments.map(view)).toEqual(items.map(view));
    return items.length;
  },
};

const water: Domain = {
  name: "water containers, drinks and the day's manual_ml",
  tables: ["user_water_containers", "water_intake_entries"],
  async check(src, person) {
    const containers = await src<any[]>`
      select name, volume::float8, unit, is_primary, servings_per_container
        from public.user_water_containers where user_id = ${person.id} order by id`;
    const here = await person.get("/api/water-containers");
    expect(
      here.map((c: any) => [c.name, c.volume, c.is_primary, c.servings_per_container]),
    ).toEqual(
      containers.map((c) => [
        c.name,
        expect.closeTo(c.volume, 3),
        c.is_primary,
        c.servings_per_container,
      ]),
    );
    const days = await src<any[]>`
      select w.entry_date, w.water_ml::float8,
             (select coalesce(sum(e.water_ml), 0)::float8 from public.water_intake_entries e
               where e.user_id = w.user_id and e.entry_date = w.entry_date and e.source = 'manual') as manual_ml
        from public.water_intake w where w.user_id = ${person.id}`;
    for (const d of days) {
      const day = await person.get(`/api/measurements/water-intake/${d.entry_date}`);
      expect([d.entry_date, day.water_ml, day.manual_ml]).toEqual([
        d.entry_date,
        expect.closeTo(d.water_ml, 6),
        expect.closeTo(d.manual_ml, 6),
      ]);
    }
    return containers.length + days.length;
  },
};

const sleep: Domain = {
  name: "sleep with its score and source",
  tables: ["sleep_entries"],
  async check(src, person) {
    const rows = await src<any[]>`
      select id::text, entry_date, sleep_score::float8, source from public.sleep_entries
       where user_id = ${person.id}`;
    for (const r of rows) {
      const day = await person.get(`/api/sleep?date=${r.entry_date}`);
      const h = day.find((x: any) => x.source_key === r.id);
      expect([h.sleep_score, h.source]).toEqual([r.sleep_score, r.source]);
    }
    return rows.length;
  },
};

const customMeasurements: Domain = {
  name: "custom measurements with display name, unit, frequency, notes and text values",
  tables: ["custom_categories", "custom_measurements"],
  async check(src, person) {
    const categories = await src<any[]>`
      select name, display_name, measurement_type, frequency, data_type
        from public.custom_categories where user_id = ${person.id} order by name`;
    const here = await person.get("/api/measurements/custom-categories");
    expect(
      here.map((c: any) => [
        c.name,
        c.display_name,
        c.measurement_type,
        c.unit,
        c.frequency,
        c.data_type,
      ]),
    ).toEqual(
      categories.map((c) => [
        c.name,
        c.display_name || null,
        c.measurement_type,
        c.data_type === "text" ? null : c.measurement_type,
        c.frequency,
        c.data_type,
      ]),
    );
    const entries = await src<any[]>`
      select m.id::text, c.name, m.value, m.entry_date, m.entry_hour, m.notes, m.source
        from public.custom_measurements m join public.custom_categories c on c.id = m.category_id
       where m.user_id = ${person.id} order by m.entry_date, c.name`;
    const dates = entries.map((e) => e.entry_date).sort();
    const list = await person.get(
      `/api/measurements/custom-entries?startDate=${dates[0]}&endDate=${dates.at(-1)}`,
    );
    for (const e of entries) {
      const h = list.find((x: any) => x.category_name === e.name && x.entry_date === e.entry_date);
      expect([e.name, h.value, h.entry_hour, h.notes, h.source]).toEqual([
        e.name,
        e.value,
        e.entry_hour,
        e.notes,
        e.source,
      ]);
    }
    return categories.length + entries.length;
  },
};

const cycle: Domain = {
  name: "cycle settings and ovulation tests",
  tables: ["cycle_settings", "cycle_test_entries"],
  async check(src, person) {
    const [settings] = await src<any[]>`
      select luteal_phase_length, preferred_products, mode, birth_control_method
        from public.cycle_settings where user_id = ${person.id}`;
    if (!settings) return 0;
    const here = await person.get("/api/v2/cycle/settings");
    expect([
      here.luteal_phase_length,
      here.preferred_products,
      here.mode,
      here.birth_control_method,
    ]).toEqual([
      settings.luteal_phase_length,
      settings.preferred_products,
      settings.mode,
      settings.birth_control_method,
    ]);
    const tests = await src<any[]>`
      select entry_date, test_type, result, notes from public.cycle_test_entries
       where user_id = ${person.id}`;
    const listed = ["negative", "low", "high", "peak", "faint", "positive", "indeterminate"];
    for (const test of tests) {
      const list = await person.get(
        `/api/v2/cycle/tests?startDate=${test.entry_date}&endDate=${test.entry_date}`,
      );
      // A result typed as free text there is indeterminate here, its words in the notes.
      const known = listed.includes(test.result);
      expect(list.map((x: any) => [x.entry_date, x.test_type, x.result, x.notes])).toEqual([
        [
          test.entry_date,
          test.test_type,
          known ? test.result : "indeterminate",
          known ? test.notes : `Result: ${test.result}\n${test.notes}`,
        ],
      ]);
    }
    return 1 + tests.length;
  },
};

const profile: Domain = {
  name: "profile phone and bio; preferences",
  tables: ["user"],
  async check(src, person) {
    const [p] = await src<any[]>`
      select p.phone_number, p.bio, s.bmr_algorithm, s.activity_level, s.first_day_of_week,
             s.time_format, s.language, s.goal_mode, s.goal_mode_calculation_method,
             s.goal_mode_custom_percentage, s.measurement_decimal_places,
             s.add_exercise_water_to_goal
        from public.profiles p join public.user_preferences s on s.user_id = p.id
       where p.id = ${person.id}`;
    const prefs = await person.get("/api/user-preferences");
    expect([
      prefs.bmr_algorithm,
      prefs.activity_level,
      prefs.first_day_of_week,
      prefs.time_format,
      prefs.language,
      prefs.goal_mode,
      prefs.goal_mode_calculation_method,
      prefs.goal_mode_custom_percentage,
      prefs.measurement_decimal_places,
      prefs.add_exercise_water_to_goal,
    ]).toEqual([
      p.bmr_algorithm,
      p.activity_level,
      p.first_day_of_week,
      p.time_format,
      p.language,
      p.goal_mode,
      p.goal_mode_calculation_method,
      p.goal_mode_custom_percentage,
      p.measurement_decimal_places,
      p.add_exercise_water_to_goal,
    ]);
    const profiles = await person.get("/api/identity/profiles");
    expect([profiles.phone_number ?? profiles.phone, profiles.bio]).toEqual([
      p.phone_number,
      p.bio,
    ]);
    return 1;
  },
};

export const sourceDomains: Domain[] = [
  heartRate,
  exerciseDetails,
  records,
  activeCalories,
  sessions,
  plans,
  presets,
  medications,
  symptoms,
  goalPlans,
  mealPlans,
  water,
  sleep,
  customMeasurements,
  cycle,
  profile,
];
