/** My Account's writes (administration.md §7); its reads are `userEndpoints.myAccount` and `.myActivity`. */
export const myAccountEndpoints = {} as const;
