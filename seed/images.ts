export { DEFAULT_USER_IMAGE as defaultUserImage } from '../domain/schema/images';
