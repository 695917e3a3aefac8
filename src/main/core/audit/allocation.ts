/**
 * How a sample's size is split across its strata: equally, with a floor. Each stratum that still
 * has items gets floor(size / strata), the remainder one each to the first strata in order, and a
 * stratum smaller than its share gives all it has, its unused share split the same way among the
 * others. So a small stratum is audited whole and a stratum with no items is drawn from the others.
 *
 * Equal shares, not shares proportional to the strata's sizes, because the figures asked of the
 * audit are rates within a stratum (of the items the classifier eliminated, how many should have
 * been kept): a rare stratum needs as many answers as a common one. The estimates re-weight each
 * stratum by its size (the count call's answer, kept with the sample) to speak of the whole feed.
 */
export function allocate(size: number, capacity: ReadonlyMap<string, number>): Map<string, number> {
  const given = new Map([...capacity.keys()].map((key) => [key, 0]));
  let left = size;
  let open = [...capacity.keys()].filter((key) => capacity.get(key)! > 0);
  // Each round hands out everything left, or fills at least one stratum: it ends.
  while (left > 0 && open.length > 0) {
    const share = Math.floor(left / open.length);
    const extra = left % open.length;
    open.forEach((key, index) => {
      const room = capacity.get(key)! - given.get(key)!;
      const give = Math.min(room, share + (index < extra ? 1 : 0));
      given.set(key, given.get(key)! + give);
      left -= give;
    });
    open = open.filter((key) => given.get(key)! < capacity.get(key)!);
  }
  return given;
}
