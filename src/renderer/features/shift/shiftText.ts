/** How the Shift page writes its durations and paces. */

/** '1 h 12 min', '12 min', 'under a minute'. */
export function durationText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** '310 an hour', or what stands in while there is too little active time. */
export function paceText(perHour: number | null): string {
  return perHour === null ? 'Not enough activity yet' : `${perHour} an hour`;
}
