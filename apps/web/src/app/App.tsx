import { PRODUCT_NAME } from '@docent/shared';

export function App() {
  return <h1>{PRODUCT_NAME}</h1>;
}
