/**
 * Whether a click on a table row landed on something with a click of its own (a link, a button, a
 * checkbox or its cell): then the row does not open its detail as well. Tables whose rows open their
 * detail on a click use it (issue 27: a row click did nothing).
 */
export function clickHasOwnTarget(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('a, button, input, label, select, textarea, [role=checkbox], [data-row-select]') !== null
  );
}
