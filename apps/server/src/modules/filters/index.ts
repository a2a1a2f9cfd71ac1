// The filters area as other code sees it; its other files are private (eslint.config.js).
export { default as filtersPlugin } from './plugin.js';
export { createDeliveryFilters } from './delivery-filters.js';
