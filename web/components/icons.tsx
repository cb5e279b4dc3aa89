// Line icons drawn as SVG paths (24 x 24, stroked in the text colour): no icon font and no
// emoji, which some systems render as empty boxes.
const PATHS = {
  today: "M3 11l9-7 9 7M5 9.5V20h5v-6h4v6h5V9.5",
  diary: "M6 3v8a3 3 0 0 0 6 0V3M9 3v18M17 21V3c-2 1.5-3 4-3 7s1 4 3 4",
  exercise: "M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12",
  body: "M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM8 10a4 4 0 0 1 8 0M12 10l2-2",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  plus: "M12 5v14M5 12h14",
} as const;

export type IconName = keyof typeof PATHS;

/** A decorative icon: the text next to it names the action. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}

/** A face for a mood from 1 (worst) to 10 (best): the mouth bends from a frown to a smile. */
export function MoodFace({ value }: { value: number }) {
  const bend = ((value - 5.5) / 4.5) * 4;
  return (
    <svg class="icon mood-face" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" />
      <path
        d={`M8.5 9.5h.01M15.5 9.5h.01M7.5 ${15 - bend / 2}Q12 ${15 + bend} 16.5 ${15 - bend / 2}`}
      />
    </svg>
  );
}
