import { use } from 'react';
import { CartContext, type CartContextValue } from '../components/cart-provider.tsx';

export function useCart(): CartContextValue {
  const context = use(CartContext);
  if (!context) throw new Error('useCart must be used within a CartProvider');
  return context;
}
