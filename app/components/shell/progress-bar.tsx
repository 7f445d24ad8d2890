import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Spec §9: the bar appears only when a navigation takes longer than 1000 ms. */
const DELAY_MS = 1000;

export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return visible ? <div className="progress-bar" role="progressbar" aria-label="页面加载中" /> : null;
}
