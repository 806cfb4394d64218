export { Redirects } from './redirects';
