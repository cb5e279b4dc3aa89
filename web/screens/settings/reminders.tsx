import { useEffect, useState } from "preact/hooks";
import { del, get, post, put } from "../../api/client.ts";
import type { Preferences, PushDevice, ReminderKind } from "../../api/types.ts";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { deviceName } from "../../lib/device.ts";
import {
  currentSubscription,
  pushSupport,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from "../../lib/push.ts";
import { preferences } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { useLoad } from "../../lib/use-load.ts";

const KINDS: [ReminderKind, string][] = [
  ["meal", "Log meals"],
  ["weigh_in", "Weigh in"],
  ["water", "Water behind the day's goal"],
  ["medication", "Medication doses due"],
  ["fast", "A fast reaching its end"],
];

/** Where reminders go (this browser, the others, email) and which ones, when. */
export function Reminders() {
  return (
    <>
      <Devices />
      <ReminderSettings />
    </>
  );
}

function Devices() {
  const devices = useLoad(() => get<PushDevice[]>("/api/push/subscriptions"), []);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const support = pushSupport();
  useEffect(() => {
    currentSubscription().then(
      (s) => setEndpoint(s?.endpoint ?? null),
      () => {},
    );
  }, [devices.data]);
  const { run, error, notice } = useAction(devices.reload);
  const permission = "Notification" in window ? Notification.permission : "unsupported";
  const subscribed = devices.data?.some((d) => d.endpoint === endpoint) ?? false;
  const test = () =>
    run(
      post<{ sent: number; failed: number; error?: string }>("/api/push/test").then((r) => {
        if (r.failed && !r.sent) throw new Error(r.error ?? "The push service refused it.");
      }),
      "A test notification was sent to your browsers.",
    );

  if (!devices.data) return <Placeholder height={160} />;
  return (
    <Card title="Notifications">
      <p>
        This browser:{" "}
        {permission === "granted"
          ? "notifications allowed"
          : permission === "denied"
            ? "notifications blocked"
            : "not asked yet"}
        {subscribed && <span class="badge">Subscribed</span>}
      </p>
      {support === "unsupported" && <Notice>This browser cannot show push notifications.</Notice>}
      {support === "no-worker" && <Notice>Notifications need the app opened over https.</Notice>}
      {support === "supported" &&
        (subscribed ? (
          <button
            type="button"
            onClick={() => run(unsubscribeThisBrowser(), "This browser gets no more reminders.")}
          >
            Stop reminders on this browser
          </button>
        ) : (
          <button
            type="button"
            class="primary"
            onClick={() => run(subscribeThisBrowser(), "This browser gets reminders now.")}
          >
            Get reminders on this browser
          </button>
        ))}
      <h3>Subscribed browsers</h3>
      {devices.data.length === 0 ? (
        <p class="hint">No browser gets reminders yet.</p>
      ) : (
        <ul class="list account-list">
          {devices.data.map((device) => {
            const name = deviceName(device.user_agent);
            return (
              <li class="key-row">
                <span>
                  <strong>{name}</strong>
                  {device.endpoint === endpoint && <span class="badge">This browser</span>}
                  <span class="hint">
                    since {formatDay(device.created_at.slice(0, 10), "short")}
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() =>
                    run(del(`/api/push/subscriptions/${device.id}`), `${name} was removed.`)
                  }
                >
                  Remove<span class="visually-hidden"> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {devices.data.length > 0 && (
        <button type="button" onClick={test}>
          Send a test notification
        </button>
      )}
      <ErrorText error={error ?? devices.error} />
      {notice && <Notice>{notice}</Notice>}
    </Card>
  );
}

function ReminderSettings() {
  const prefs = preferences.value;
  const { run, error, notice } = useAction(() => {});
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const time = (name: string) => String(form.get(name) ?? "") || null;
    const kinds = (name: string) => form.getAll(name).map(String) as ReminderKind[];
    run(
      put<Preferences>("/api/user-preferences", {
        meal_reminder_time: time("meal_reminder_time"),
        weigh_in_reminder_time: time("weigh_in_reminder_time"),
        water_reminder_time: time("water_reminder_time"),
        quiet_hours_start: time("quiet_hours_start"),
        quiet_hours_end: time("quiet_hours_end"),
        reminder_email: form.get("reminder_email") === "on",
        reminder_push_kinds: kinds("push"),
        reminder_email_kinds: kinds("email"),
      }).then((saved) => (preferences.value = saved)),
      "Reminders saved.",
    );
  };
  const timeField = (name: keyof Preferences, label: string) => (
    <Field
      label={label}
      name={name}
      type="time"
      defaultValue={(prefs[name] as string | null) ?? ""}
    />
  );
  return (
    <Card title="What reminds you">
      <form class="stack" onSubmit={save} aria-label="Reminder settings">
        <div class="grid fields">
          {timeField("meal_reminder_time", "Log meals at")}
          {timeField("weigh_in_reminder_time", "Weigh in at")}
          {timeField("water_reminder_time", "Check water at")}
        </div>
        <p class="hint">
          Leave a time empty for no reminder. Medication doses remind at their scheduled times,
          fasts at their goal. Nothing is sent when it is already done.
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Reminder</th>
              <th scope="col">Browsers</th>
              <th scope="col">Email</th>
            </tr>
          </thead>
          <tbody>
            {KINDS.map(([kind, label]) => (
              <tr>
                <th scope="row">{label}</th>
                {(["push", "email"] as const).map((channel) => (
                  <td>
                    <input
                      type="checkbox"
                      name={channel}
                      value={kind}
                      aria-label={`${label} by ${channel === "push" ? "browser notification" : "email"}`}
                      defaultChecked={(prefs[`reminder_${channel}_kinds`] ?? []).includes(kind)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <label class="check">
          <input type="checkbox" name="reminder_email" defaultChecked={prefs.reminder_email} />
          <span>Send reminders by email too (when the server can send mail)</span>
        </label>
        <div class="grid fields">
          {timeField("quiet_hours_start", "Quiet from")}
          {timeField("quiet_hours_end", "Quiet until")}
        </div>
        <p class="hint">No reminder during quiet hours; one still due is sent when they end.</p>
        <button type="submit" class="primary">
          Save reminders
        </button>
        <ErrorText error={error} />
        {notice && <Notice>{notice}</Notice>}
      </form>
    </Card>
  );
}
