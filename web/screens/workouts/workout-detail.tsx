import { useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import type { HrZone, Lap, Track, TrackPoint, Workout, WorkoutSession } from "../../api/types.ts";
import { TrackMap } from "../../components/track-map.tsx";
import { Card, ErrorText, Page, Placeholder, Stat } from "../../components/ui.tsx";
import { formatDay, formatDuration, formatTime } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { formatDistance, formatElevation, formatPace, number } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";
import { HrZoneBars } from "./hr-zone-bars.tsx";
import { WorkoutEdit } from "./workout-edit.tsx";
import { LapsTable } from "./laps-table.tsx";
import { trackAscent } from "./splits.ts";
import { SplitsTable } from "./splits-table.tsx";
import { WorkoutCharts } from "./workout-charts.tsx";
import { SessionFigures, SessionsCard } from "./sessions-card.tsx";
import { t } from "../../i18n/i18n.ts";

type Detail = {
  workout: Workout;
  track: Track | null;
  laps: Lap[];
  zones: HrZone[];
  sessions: WorkoutSession[];
};

function loadDetail(id: string): Promise<Detail> {
  return Promise.all([
    get<Workout>(`/api/exercise-entries/${id}`),
    get<{ data: Track | null }>(`/api/generic-health/workout-gps/${id}`),
    get<{ data: Lap[] }>(`/api/generic-health/workout-laps/${id}`),
    get<{ data: HrZone[] }>(`/api/generic-health/workout-hr-zones/${id}`),
    get<{ data: WorkoutSession[] }>(`/api/generic-health/workout-sessions/${id}`),
  ]).then(([workout, track, laps, zones, sessions]) => ({
    workout,
    track: track.data,
    laps: laps.data,
    zones: zones.data,
    sessions: sessions.data,
  }));
}

/** One workout: summary, map and charts on one time axis, laps and heart-rate zones. */
export function WorkoutDetail({ id }: { id: string }) {
  const { data, error } = useLoad(() => loadDetail(id), [id]);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [leg, setLeg] = useState<number | null>(null);
  const u = units.value;
  const w = data?.workout;
  const sessions = data?.sessions ?? [];
  const points = legPoints(data?.track?.points ?? [], leg === null ? undefined : sessions[leg]);
  return (
    <Page title={w ? (w.title ?? w.exercise_name) : t("workouts.workout")}>
      <p>
        <a href="#/workouts">{t("workouts.all")}</a>
      </p>
      <ErrorText error={error} />
      {/* Always there, so nothing below moves when the workout arrives. */}
      <p class="subtitle">
        {w ? formatDay(w.entry_date) : "\u00a0"}
        {w?.start_time && ` · ${formatTime(w.start_time)}`}
        {w?.source && ` · ${w.source}`}
      </p>
      <div class="grid stats">
        <Stat label={t("workouts.duration")} value={formatDuration(w?.duration_seconds)} />
        <Stat
          label={t("workouts.distance")}
          value={formatDistance(w?.distance == null ? null : w.distance * 1000, u)}
        />
        <Stat label={t("workouts.avgPace")} value={formatPace(w?.avg_speed_mps, u)} />
        <Stat
          label={t("workouts.avgHeartRate")}
          value={w?.avg_heart_rate ? t("exercise.bpm", { bpm: number(w.avg_heart_rate, 0) }) : "–"}
        />
        <Stat
          label={t("workouts.elevationGain")}
          value={formatElevation(w?.elevation_gain_meters ?? trackAscent(points), u)}
        />
        <Stat
          label={t("workouts.calories")}
          value={
            w?.calories_burned == null
              ? "–"
              : t("diary.kcal", { kcal: number(w.calories_burned, 0) })
          }
        />
      </div>
      {sessions.length > 1 && (
        <Card title={t("workouts.legs")}>
          <SessionsCard sessions={sessions} selected={leg} onSelect={setLeg} />
        </Card>
      )}
      {sessions.length === 1 && <SessionFigures session={sessions[0]!} />}
      {!data ? (
        <Placeholder height={900} />
      ) : points.length ? (
        <div class="grid two top">
          <Card title={t("workouts.route")}>
            <TrackMap points={points} highlight={highlight} />
          </Card>
          <Card title={t("workouts.charts")}>
            <WorkoutCharts points={points} onHover={setHighlight} />
          </Card>
        </div>
      ) : (
        <Card title={t("workouts.route")}>
          <p>{t("workouts.noTrack")}</p>
        </Card>
      )}
      {data && (
        <div class="grid two top">
          {points.length > 0 && (
            <Card title={t("workouts.splits")}>
              <SplitsTable points={points} />
            </Card>
          )}
          {data.laps.length > 0 && (
            <Card title={t("workouts.laps")}>
              <LapsTable laps={data.laps} />
            </Card>
          )}
          <Card title={t("workouts.zones")}>
            <HrZoneBars zones={data.zones} />
          </Card>
        </div>
      )}
      {w && <WorkoutEdit workout={w} />}
    </Page>
  );
}

/** The track's points, or those of one leg of a multisport activity. */
function legPoints(points: TrackPoint[], leg: WorkoutSession | undefined): TrackPoint[] {
  if (!leg) return points;
  const from = Date.parse(leg.start_time);
  const to = Date.parse(leg.end_time);
  return points.filter((p) => {
    const t = Date.parse(p.t);
    return t >= from && t <= to;
  });
}
