/** What reminds (each on or off per channel in the preferences). */
export const REMINDER_KINDS = ["meal", "weigh_in", "medication", "water", "fast"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const CHANNELS = ["push", "email"] as const;
export type Channel = (typeof CHANNELS)[number];
