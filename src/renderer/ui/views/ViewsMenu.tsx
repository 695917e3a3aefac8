/**
 * A screen's saved views (issue 23): Save view, the Views menu beside Filter, alt+1 … alt+9, and
 * Copy link. The screen's filters are its URL query, so a view is a name for a query.
 * TODO(issue 23): being built; until then it shows nothing.
 */
export function ViewsMenu(props: {
  /** The screen's route; views belong to it ('/filter'). */
  path: string;
}) {
  void props;
  return null;
}
