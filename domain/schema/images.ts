/** The avatar a user or a review's author shows when they have no image of their own (shipped in public/images). */
export const DEFAULT_USER_IMAGE = '/images/avatars/default.svg';
