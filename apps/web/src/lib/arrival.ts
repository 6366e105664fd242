/**
 * Which arrival at a page this is (a navigation, not a re-render): a read that should be fresh on every
 * arrival but asked once however many parts of the page want it (where the loan stands, issue 50) notes
 * the arrival it was made on. Counted by the signed-in area's layout as it renders, before its page.
 */
let arrival = { key: '', count: 0 };

export function noteArrival(locationKey: string) {
  if (arrival.key !== locationKey) arrival = { key: locationKey, count: arrival.count + 1 };
}

export const currentArrival = () => arrival.count;
