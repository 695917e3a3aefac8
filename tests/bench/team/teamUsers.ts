/** The team scenario's reviewers: team01, team02, … (password 'demo'), made by the first server. */
export const teamUserName = (n: number): string => `team${String(n).padStart(2, '0')}`;
