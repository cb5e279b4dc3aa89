import { removeUpload } from "../storage/uploads.ts";
import {
  accountConflict,
  importAccount,
  profileZone,
  readSourceAccounts,
  type SourceAccount,
} from "./accounts/accounts.ts";
import { checkInMeasurements, checkInPhotos } from "./domains/check-ins.ts";
import { removeDeletedFiles } from "./domains/files.ts";
import {
  DryRunRollback,
  type ImportContext,
  type ImportDeps,
  type TableImporter,
} from "./run/context.ts";
import { noteProviderCredentials } from "./accounts/credentials.ts";
import { importGrants } from "./accounts/grants.ts";
import { providerCredentials } from "./accounts/provider-credentials.ts";
import { defaultProviders } from "./accounts/default-providers.ts";
import { aiServices } from "./accounts/ai-services.ts";
import { readSnapshot } from "./source/source.ts";
import { adaptedValues, readVocabulary } from "./source/vocabulary.ts";
import { checkSource } from "./source/source-check.ts";
import { apiKeys, twoFactor } from "./accounts/sign-in-factors.ts";
import { ImportSummary, type TableCounts } from "./run/summary.ts";
import { fastingLogs, moodEntries, sleepEntries } from "./domains/trackers.ts";
import { waterContainers, waterIntake } from "./domains/water.ts";
import { customCategories, customMeasurements } from "./domains/custom-measurements.ts";
import { customExercises } from "./domains/exercise-library.ts";
import { exerciseSessions } from "./domains/sessions.ts";
import { mealPlanTemplates, weeklyGoalPlans } from "./domains/plans.ts";
import { exerciseEntries } from "./domains/workouts.ts";
import {
  customSymptoms,
  injectionEntries,
  medicationPens,
  medicationSchedules,
  symptomEntries,
  symptomLocations,
  titrationSteps,
} from "./domains/medication-plans.ts";
import {
  appointments,
  checklist,
  contractions,
  kickSessions,
  pregnancies,
  pregnancyPhotos,
} from "./domains/pregnancy.ts";
import {
  dailyHealthMetrics,
  healthMetricSamples,
  vitalsEntries,
} from "./domains/vitals-metrics.ts";
import { workoutPlans, workoutPresets } from "./domains/presets.ts";
import { favorites, foodEntries, loggedMeals } from "./domains/diary.ts";
import { mealFoods, meals } from "./domains/meals.ts";
import { customNutrients, foods, foodVariants, mealTypes } from "./domains/foods.ts";
import {
  deletedExercises,
  deletedFoods,
  deletedMealTypes,
  deletedVariants,
} from "./domains/deferred-deletions.ts";
import { cycleDays, cycleSettings, cycles, cycleTests } from "./domains/cycle.ts";
import { goalPresets, userGoals } from "./domains/goals.ts";
import { medicationEntries, medications } from "./domains/medications.ts";
import { customMoods } from "./domains/moods.ts";
import { accountName, preferences, profiles } from "./accounts/profile-settings.ts";

export type SparkyImportOptions = {
  sourceUrl: string;
  sourceUploads: string | null;
  only: string | null;
  dryRun: boolean;
  /** That server's SPARKY_FITNESS_API_ENCRYPTION_KEY as hex (source-crypto.ts reads either form). */
  sourceSecret: string | null;
  /** That server's BETTER_AUTH_SECRET, which opens its two-factor secrets. */
  sourceAuthSecret: string | null;
};

/** Each user's tables, in an order where a row's parents come first. */
const TABLES: TableImporter[] = [
  accountName,
  profiles,
  preferences,
  apiKeys,
  twoFactor,
  checkInMeasurements,
  checkInPhotos,
  dailyHealthMetrics,
  vitalsEntries,
  customCategories,
  customMeasurements,
  waterContainers,
  waterIntake,
  sleepEntries,
  moodEntries,
  fastingLogs,
  customMoods,
  customExercises,
  workoutPresets,
  workoutPlans,
  exerciseSessions,
  exerciseEntries,
  // After the workouts, presets and plans: an exercise deleted there is hidden while in use.
  deletedExercises,
  // After the workouts, whose samples can share a day row here: the digest a run records
  // of that row then already holds them.
  healthMetricSamples,
  customNutrients,
  mealTypes,
  foods,
  foodVariants,
  meals,
  mealFoods,
  loggedMeals,
  foodEntries,
  favorites,
  mealPlanTemplates,
  // After the diary, meals and meal plans: a food deleted there is hidden while still used.
  deletedFoods,
  deletedVariants,
  deletedMealTypes,
  userGoals,
  goalPresets,
  weeklyGoalPlans,
  medications,
  medicationSchedules,
  medicationEntries,
  medicationPens,
  injectionEntries,
  titrationSteps,
  customSymptoms,
  symptomLocations,
  symptomEntries,
  cycleSettings,
  cycles,
  cycleDays,
  cycleTests,
  pregnancies,
  kickSessions,
  contractions,
  checklist,
  appointments,
  pregnancyPhotos,
  providerCredentials,
  aiServices,
  // After the carried rows: a person's own exercise database row is kept as it came.
  defaultProviders,
];

/**
 * Imports the other server's accounts and data: a read-only snapshot of its database, one
 * transaction per user here (a failure leaves that user untouched), then the family grants
 * between the users imported. A re-run adds rows not imported before and brings the ones
 * imported before to the source's current value (copy-rows.ts).
 */
export async function importSparkyFitness(
  deps: ImportDeps,
  options: SparkyImportOptions,
  progress: (line: string) => void,
): Promise<ImportSummary> {
  const summary = new ImportSummary(progress);
  await readSnapshot(options.sourceUrl, async (src) => {
    await checkSource(src);
    const ctx: ImportContext = { ...deps, src, summary, ...options };
    for (const line of adaptedValues(await readVocabulary(src))) summary.needsAction(line);
    const imported = new Map<string, string>();
    for (const account of await readSourceAccounts(src, options.only)) {
      const conflict = await accountConflict(deps.db, account);
      if (conflict) summary.skip(`${account.email}: ${conflict}`);
      else if (await importUser(ctx, account)) imported.set(account.id, account.email);
    }
    await importGrants(ctx, imported);
    if (options.sourceSecret === null)
      await noteProviderCredentials(src, summary, new Set(imported.keys()));
  });
  return summary;
}

async function importUser(ctx: ImportContext, account: SourceAccount): Promise<boolean> {
  const files = { written: [] as string[], removed: [] as string[] };
  const counts: [string, TableCounts][] = [];
  const count = (table: string, c: TableCounts) => {
    ctx.summary.progressLine(account.email, table, c);
    counts.push([table, c]);
  };
  const forgetUser = ctx.summary.mark();
  try {
    // A savepoint on the other server's side too: a read that fails for this user does not
    // abort the snapshot the other users are read from.
    await ctx.src.savepoint((src) => importUserRows({ ...ctx, src }, account, files, count));
  } catch (error) {
    if (!(error instanceof DryRunRollback)) {
      for (const file of files.written) await removeUpload(ctx.uploadsRoot, file);
      ctx.logger.error("import of a user failed", { email: account.email, error: String(error) });
      forgetUser();
      ctx.summary.skip(`${account.email}: import failed and nothing of this user was written`);
      return false;
    }
  }
  for (const [table, c] of counts) ctx.summary.add(table, c);
  ctx.summary.addFiles(files.written);
  // Only now that the rows' deletion has committed (never after a dry run).
  if (!ctx.dryRun) await removeDeletedFiles(ctx, files.removed);
  return true;
}

function importUserRows(
  ctx: ImportContext,
  account: SourceAccount,
  files: { written: string[]; removed: string[] },
  count: (table: string, c: TableCounts) => void,
) {
  return ctx.db.withUser(account.id, async (tx) => {
    const u = {
      ...ctx,
      tx,
      userId: account.id,
      email: account.email,
      newAccount: false,
      zone: "UTC",
      writtenFiles: files.written,
      removedFiles: files.removed,
      mealTypes: new Map<string, string>(),
    };
    const created = await importAccount(u, account);
    u.newAccount = created;
    if (!created) u.zone = await profileZone(u);
    try {
      for (const table of TABLES) {
        ctx.summary.inTable(table.table);
        count(table.table, await table.run(u));
      }
    } finally {
      ctx.summary.inTable(null);
    }
    if (ctx.dryRun) throw new DryRunRollback();
  });
}
