/** What a failed call says to the user: its message, or the thrown value as text. */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : String(error);
