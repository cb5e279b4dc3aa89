import { get } from "../../api/client.ts";
import { Card, ErrorText } from "../../components/ui.tsx";
import { navigate } from "../../lib/router.ts";
import { useLoad } from "../../lib/use-load.ts";
import { ExerciseSearch } from "./exercise-search.tsx";
import { ProgressView } from "./progress-view.tsx";
import type { Exercise } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

/** Pick an exercise (its id is in the address) to see its personal records and progress. */
export function ProgressTab({ id }: { id?: string }) {
  const exercise = useLoad(
    () => (id ? get<Exercise>(`/api/exercises/${id}`) : Promise.resolve(null)),
    [id],
  );
  const shown = exercise.data?.id === id ? exercise.data : null;
  return (
    <div class="grid two top">
      <Card title={t("exercise.exercise")} class="wide">
        <ExerciseSearch
          label={t("exercise.showProgressOf")}
          onPick={(x) => navigate(`/exercise/progress/${x.id}`)}
        />
        {shown && <p>{t("exercise.showing", { name: shown.name })}</p>}
        <ErrorText error={exercise.error} />
      </Card>
      {shown && <ProgressView key={shown.id} id={shown.id} name={shown.name} />}
    </div>
  );
}
