export const defaultUserImage = '/images/avatars/default.svg';
