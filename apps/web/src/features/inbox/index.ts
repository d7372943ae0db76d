/** The inbox feature's public face: what pages may use. */
export { Inbox } from './Inbox.tsx';
