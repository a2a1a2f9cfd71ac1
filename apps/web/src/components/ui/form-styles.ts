/** Class names of this feature's form controls, kept in one place so the modals look alike. */
export const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:border-red-400';
export const labelClass = 'mb-1 block text-sm font-medium text-gray-700';
export const errorClass = 'mt-1 text-sm text-red-600';
