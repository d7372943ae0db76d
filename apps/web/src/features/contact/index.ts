/** The contact feature's public face. */
export { ContactDialog } from './ContactDialog.tsx';
