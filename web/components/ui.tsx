import type { ComponentChildren, InputHTMLAttributes, SelectHTMLAttributes } from "preact";
import { useId } from "preact/hooks";
import { t } from "../i18n/i18n.ts";
import { isKeptOffline } from "../api/outbox.ts";

export function Page(props: {
  title: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <>
      <header class="page-head">
        <h1 tabIndex={-1}>{props.title}</h1>
        {props.actions && <div class="actions">{props.actions}</div>}
      </header>
      {props.children}
    </>
  );
}

export function Card(props: { title?: string; class?: string; children: ComponentChildren }) {
  return (
    <section class={`card ${props.class ?? ""}`} aria-label={props.title}>
      {props.title && <h2>{props.title}</h2>}
      {props.children}
    </section>
  );
}

export function Stat(props: { label: string; value: string; hint?: string }) {
  return (
    <div class="stat">
      <span class="stat-label">{props.label}</span>
      <span class="stat-value">{props.value}</span>
      {props.hint && <span class="stat-hint">{props.hint}</span>}
    </div>
  );
}

type FieldProps = InputHTMLAttributes & { label: string; hint?: string };

/** A labelled input; the label is tied to the input for screen readers. */
export function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

type SelectProps = SelectHTMLAttributes & {
  label: string;
  options: [string, string][];
  /** Uncontrolled selection: re-renders keep what the user picked. */
  defaultValue?: string;
};

export function Select({ label, options, defaultValue, ...select }: SelectProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} {...select}>
        {options.map(([value, text]) => (
          <option
            value={value}
            selected={defaultValue === undefined ? undefined : value === defaultValue}
          >
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A card's error; a write kept offline to send later is a pending notice instead. */
export function ErrorText(props: { error?: string | null }) {
  if (!props.error) return null;
  if (isKeptOffline(props.error))
    return (
      <p class="notice pending" role="status">
        {props.error}
      </p>
    );
  return (
    <p class="error" role="alert">
      {props.error}
    </p>
  );
}

export function Notice(props: { children: ComponentChildren }) {
  return (
    <p class="notice" role="status">
      {props.children}
    </p>
  );
}

/** Reserves the space of the content while loading so nothing shifts when data arrives. */
export function Placeholder(props: { height: number; label?: string }) {
  return (
    <div class="placeholder" style={{ minHeight: `${props.height}px` }} aria-busy="true">
      <span class="visually-hidden">{props.label ?? t("common.loadingLabel")}</span>
    </div>
  );
}
