import { useState } from "preact/hooks";
import { Card } from "../../components/ui.tsx";
import { ExerciseSearch } from "./exercise-search.tsx";
import { ProgressView } from "./progress-view.tsx";
import type { Exercise } from "./types.ts";

/** Pick an exercise to see its personal records and progress. */
export function ProgressTab() {
  const [exercise, setExercise] = useState<Exercise | null>(null);
  return (
    <div class="grid two">
      <Card title="Exercise">
        <ExerciseSearch label="Show the progress of" onPick={setExercise} />
        {exercise && <p>Showing {exercise.name}.</p>}
      </Card>
      {exercise && <ProgressView key={exercise.id} id={exercise.id} name={exercise.name} />}
    </div>
  );
}
