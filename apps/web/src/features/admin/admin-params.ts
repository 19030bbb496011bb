import { createContext, useContext } from 'react';

/** The parameters of the open back-office page's path ('players/:userId' -> { userId }). */
export const AdminParamsContext = createContext<Readonly<Record<string, string | undefined>>>({});

export function useAdminParams(): Readonly<Record<string, string | undefined>> {
  return useContext(AdminParamsContext);
}
