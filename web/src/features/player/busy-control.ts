// While the player loads, its commands are ignored (spec §4). A control that sends one says so
// meanwhile, instead of swallowing a click unseen: aria-disabled and aria-busy for assistive
// technology (it stays focusable), and the 'is-busy' class (a progress cursor, dimmed) for the eye.

/** The attributes of a control whose command the busy player would ignore now. */
export function busyControlProps(busy: boolean): { 'aria-disabled'?: true; 'aria-busy'?: true } {
  return busy ? { 'aria-disabled': true, 'aria-busy': true } : {};
}

/** `className` with ' is-busy' added while the player is busy. */
export function busyClassName(className: string, busy: boolean): string {
  return busy ? `${className} is-busy` : className;
}
