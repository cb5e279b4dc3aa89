// Shapes of the API answers the client reads (see the OpenAPI document at /api/api-docs/json).

export type User = { id: string; email: string; name: string; role: "user" | "admin" };
export type Session = { session: { id: string; userId: string; expiresAt: string }; user: User };

export type AuthSettings = {
  email: { enabled: boolean };
  signup: { enabled: boolean };
  demo: { enabled: boolean };
  oidc: { enabled: boolean; details: { id: string; name: string }[] };
  passkeys: { enabled: boolean };
  twoFactor: { enabled: boolean };
};

export type Units = {
  weight: "kg" | "lbs" | "st";
  distance: "km" | "miles";
  height: "cm" | "inches";
  energy: "kcal" | "kJ";
};

/** The few stored preferences the client formats with (GET /api/user-preferences). */
export type Preferences = {
  date_format: string;
  water_display_unit: "ml" | "oz" | "liter";
  first_day_of_week: number;
  activity_level: string;
  /** The web client's language; "en" (the default) follows the browser (web/i18n/locales.ts). */
  language?: string;
  /** HH:MM after which Today reminds to log meals / to weigh in; null: no reminder. */
  meal_reminder_time?: string | null;
  weigh_in_reminder_time?: string | null;
  /** Reminders pushed to browsers and mailed (Settings, Reminders). */
  water_reminder_time?: string | null;
  quiet_hours_start?: string | null;
  quiet_hours_end?: string | null;
  reminder_email?: boolean;
  reminder_push_kinds?: ReminderKind[];
  reminder_email_kinds?: ReminderKind[];
};

export type ReminderKind = "meal" | "weigh_in" | "medication" | "water" | "fast";

/** A browser subscribed to reminders (GET /api/push/subscriptions). */
export type PushDevice = {
  id: string;
  endpoint: string;
  user_agent: string | null;
  created_at: string;
  last_sent_at: string | null;
};

export type Profile = {
  user_id: string;
  name: string;
  email: string;
  date_of_birth: string | null;
  sex: string | null;
  gender: string | null;
  timezone: string;
  height: number | null;
  max_heart_rate: number | null;
  units: Units;
};

export const MEASUREMENT_FIELDS = [
  "weight",
  "height",
  "body_fat_percentage",
  "neck",
  "waist",
  "hips",
  "steps",
  "muscle_mass_kg",
  "bone_mass_kg",
  "body_water_percentage",
  "bmr",
] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

export type CheckIn = { id: string; entry_date: string } & Record<MeasurementField, number | null>;

export type PhotoType = "front" | "side" | "back";
export type Photo = {
  id: string;
  entry_date: string;
  photo_type: PhotoType;
  weight: number | null;
};

export type Workout = {
  id: string;
  exercise_name: string;
  activity_type: string | null;
  entry_date: string;
  start_time: string | null;
  end_time: string | null;
  duration_seconds: number | null;
  calories_burned: number | null;
  distance: number | null;
  title: string | null;
  notes: string | null;
  source: string | null;
  avg_heart_rate: number | null;
  max_heart_rate: number | null;
  avg_speed_mps: number | null;
  elevation_gain_meters: number | null;
  moving_time_seconds: number | null;
  /** The strength session the entry belongs to, if any. */
  exercise_preset_entry_id?: string | null;
};

export type TrackPoint = {
  t: string;
  lat: number;
  lon: number;
  alt?: number | null;
  speed?: number | null;
  hr?: number | null;
  cad?: number | null;
  power?: number | null;
  dist?: number | null;
  /** The point begins a segment after a pause: no line joins it to the one before. */
  new_segment?: true;
};
export type Track = { exercise_entry_id: string; start_time: string; points: TrackPoint[] };

export type Lap = {
  lap_index: number;
  start_time: string;
  /** Elapsed time; the timer time leaves pauses out (a device's lap has one). */
  duration_seconds: number | null;
  timer_time_seconds: number | null;
  distance_meters: number | null;
  calories: number | null;
  avg_heart_rate: number | null;
  max_heart_rate: number | null;
  avg_speed_mps: number | null;
  avg_cadence: number | null;
  avg_power_watts: number | null;
  elevation_gain_meters: number | null;
};

/** One session of an imported activity file: a multisport activity's leg, with the device's figures. */
export type WorkoutSession = {
  session_index: number;
  activity_type: string;
  start_time: string;
  end_time: string;
  elapsed_time_seconds: number | null;
  timer_time_seconds: number | null;
  distance_meters: number | null;
  calories: number | null;
  avg_heart_rate: number | null;
  max_heart_rate: number | null;
  avg_speed_mps: number | null;
  avg_power_watts: number | null;
  max_power_watts: number | null;
  normalized_power_watts: number | null;
  elevation_gain_meters: number | null;
  lap_count: number;
  set_count: number;
  swim: {
    pool_length_m: number | null;
    active_lengths: number;
    strokes: number | null;
    swolf: number | null;
    rest_intervals: { start_time: string; seconds: number }[];
  } | null;
};

export type HrZone = { zone: number; min_bpm: number; max_bpm: number | null; seconds: number };

export type DaySamples = { source: string; date: string; samples: { t: string; value: number }[] };

export type ApiKey = {
  id: string;
  name: string;
  permissions: string[];
  expiresAt: string | null;
  createdAt: string;
  prefix: string;
  lastUsedAt: string | null;
};

/** One of the signed-in account's sessions (GET /api/auth/list-sessions). */
export type SignInSession = {
  id: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
};

export type AdminUser = User & { disabled: boolean; created_at: string };

/** What a family grant may share; each is named in the catalogue as `permission.<flag>`. */
export const FAMILY_PERMISSIONS = [
  "can_manage_checkin",
  "can_manage_diary",
  "can_manage_medications",
  "can_view_reports",
  "can_view_food_library",
  "can_view_exercise_library",
  "share_external_providers",
] as const;
export type FamilyPermission = (typeof FAMILY_PERMISSIONS)[number];

export type FamilyGrant = {
  id: string;
  delegate_email: string;
  delegate_name: string;
  access_end_date: string | null;
  is_active: boolean;
} & Record<FamilyPermission, boolean>;

export type AccessibleUser = {
  user_id: string;
  full_name: string;
  email: string;
  is_self: boolean;
  permissions: Record<FamilyPermission, boolean>;
  access_end_date: string | null;
};
