import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { api, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { ImagePicker, isUploading, uploadedUrls, type PickedImage } from "~/components/upload/image-picker";
import "./pins.css";

/** Longest pin (server/services/pins/schema.ts PIN_MAX_LENGTH; the server checks again). */
const CONTENT_MAX = 1000;
/** At most 9 images a pin (PIN_MAX_IMAGES): the 3 × 3 grid. */
const IMAGES_MAX = 9;

/**
 * The box at the top of /pins: text (1–1000 characters) and up to nine images, each uploaded as it
 * is chosen; a logged-out visitor is asked to log in first.
 */
export function PinComposer() {
  const { viewer, requireLogin, alert } = useShell();
  const revalidator = useRevalidator();
  const [content, setContent] = useState("");
  const [images, setImages] = useState<PickedImage[]>([]);
  const [busy, setBusy] = useState(false);
  // A new picker after each post: refusals about files of the last pin go with it.
  const [posted, setPosted] = useState(0);
  const uploading = isUploading(images);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!requireLogin()) return;
    const text = content.trim();
    if (!text) return alert("说点什么吧", "error");
    if (uploading) return alert("图片还在上传，请稍候", "warning");
    setBusy(true);
    try {
      await api.post("/api/pins", { content: text, imageUrlList: uploadedUrls(images) });
      setContent("");
      setImages([]);
      setPosted((n) => n + 1);
      alert("发布成功", "success");
      revalidator.revalidate();
    } catch (error) {
      alert(errorMessage(error, "发布失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel pin-composer" onSubmit={submit}>
      <label htmlFor="pin-composer" className="visually-hidden">
        发沸点
      </label>
      <textarea
        id="pin-composer"
        value={content}
        maxLength={CONTENT_MAX}
        rows={3}
        placeholder={viewer ? "分享你的新鲜事…" : "登录后分享你的新鲜事"}
        onFocus={() => {
          if (!viewer) requireLogin();
        }}
        onChange={(event) => setContent(event.target.value)}
      />
      {viewer ? (
        <ImagePicker key={posted} images={images} onChange={setImages} max={IMAGES_MAX} disabled={busy} />
      ) : null}
      <div className="pin-composer-actions">
        <span className="pin-composer-count">
          {content.length}/{CONTENT_MAX}
        </span>
        <button type="submit" className="btn btn-primary" disabled={busy || uploading}>
          {busy ? "发布中…" : uploading ? "图片上传中…" : "发布"}
        </button>
      </div>
    </form>
  );
}
