/** The build this worker came with (VITE_BUILD_ID, set per deploy; `local` in development and tests): tells builds apart. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID || 'local';
