import { SERVER_ERROR_PATH } from '@portico/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { handleUnauthorized } from '@/lib/auth/session';
import { setInAppNavigator } from '@/lib/browser';
import { setHttpHandlers } from '@/lib/http/client';

/**
 * Plugs the router into the lib: in-app navigation, the 401 session handler and the /500 redirect
 * (which remembers the page it came from, for "Go back").
 */
export function SessionBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(location);

  useEffect(() => {
    current.current = location;
  }, [location]);

  useEffect(() => {
    setInAppNavigator((to) => {
      void navigate(to);
    });
    setHttpHandlers({
      onUnauthorized: handleUnauthorized,
      onServerError: () => {
        const { pathname, search, hash } = current.current;
        if (pathname === SERVER_ERROR_PATH) return;
        void navigate(SERVER_ERROR_PATH, { state: { from: `${pathname}${search}${hash}` } });
      },
    });
  }, [navigate]);

  return null;
}
