import { use } from 'react';
import { AuthContext, type AuthContextValue } from '../components/auth-provider.tsx';

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
