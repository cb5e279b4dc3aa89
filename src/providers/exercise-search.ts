import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { exerciseProviderDefinition } from "./registry.ts";
import { chooseSettings, providerContext } from "./service.ts";
import type { ExerciseProviderClient } from "./types.ts";

/**
 * A client of the user's exercise database of this type (the row named by providerId, else
 * the first active one), its requests bound to the SSRF guard like every provider's.
 */
export async function exerciseDatabaseClient(
  vars: AppEnv["Variables"],
  type: string,
  providerId?: string,
): Promise<ExerciseProviderClient> {
  const definition = exerciseProviderDefinition(type);
  if (!definition) throw new HttpError(400, `Unknown exercise database "${type}".`);
  const settings = await chooseSettings(vars, definition, providerId);
  return definition.createExercises(await providerContext(vars, definition, settings));
}
