/** A screen's tabs as links, the current one marked; `tabs` are [id, label] pairs. */
export function TabNav(props: {
  label: string;
  tabs: [string, string][];
  current: string;
  href: (id: string) => string;
  class?: string;
}) {
  return (
    <nav aria-label={props.label} class={props.class ?? "tabs"}>
      {props.tabs.map(([id, text]) => (
        <a href={props.href(id)} aria-current={props.current === id ? "page" : undefined}>
          {text}
        </a>
      ))}
    </nav>
  );
}
