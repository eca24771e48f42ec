/**
 * Focus after an action (issue 26, point 6): what a save or a decision produced (its confirmation,
 * its error) takes the keyboard focus when it appears, so a screen reader reads it and the next Tab
 * goes on from there. The element needs tabIndex={-1} unless it is focusable already.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus({ preventScroll: false });
}
