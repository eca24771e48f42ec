/** Why an item of the bar is disabled (an aggregator whose launch is not yet approved). */
export const DISABLED_HINT = 'Available once your launch is approved';
