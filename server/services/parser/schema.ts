import { Type } from "@sinclair/typebox";

export const PageInfoQuery = Type.Object({
  url: Type.String({ maxLength: 4096, description: "要读取的网页，http:// 或 https://" }),
});

export const PageInfoData = Type.Object({
  title: Type.String({ description: "og:title、twitter:title 或 <title>，最多 100 个字符" }),
  description: Type.String({
    description: "og:description、twitter:description 或 meta description，最多 1000 个字符",
  }),
  thumb: Type.String({ description: "og:image 或 twitter:image，已按最终网址补全为绝对地址；没有则为空" }),
  url: Type.String({ description: "跟随重定向后的最终网址" }),
});
