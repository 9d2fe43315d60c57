extension LandingPage {
    /// The page's whole style sheet: system fonts, light and dark, no external resources.
    static let style = """
        :root{color-scheme:light dark;--bg:#eef0f5;--card:#fff;--text:#1c1c1e;--muted:#6b6b73;\
        --accent:#0a6cff;--accent-text:#fff;--line:rgba(60,60,67,.16);--shadow:rgba(20,24,40,.12)}
        @media (prefers-color-scheme:dark){:root{--bg:#0b0b0f;--card:#1c1c21;--text:#f4f4f6;\
        --muted:#a0a0aa;--accent:#3d8bff;--line:rgba(235,235,245,.16);--shadow:rgba(0,0,0,.5)}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;\
        justify-content:center;padding:28px 16px;background:var(--bg);color:var(--text);\
        font:17px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        .card{width:100%;max-width:440px;background:var(--card);border-radius:24px;overflow:hidden;\
        box-shadow:0 1px 2px var(--shadow),0 18px 40px var(--shadow)}
        .art{margin:0;background:linear-gradient(135deg,#5b5bf0,#0a6cff 55%,#22c1a4)}
        .art img{display:block;width:100%;height:auto;max-height:60vh;object-fit:cover}
        .art.blank{display:flex;align-items:center;justify-content:center;height:180px;color:#fff;\
        font-size:72px;font-weight:700;letter-spacing:-.02em}
        .content{padding:22px 24px 26px}
        .site{margin:0 0 6px;font-size:13px;font-weight:600;letter-spacing:.08em;text-transform:uppercase;\
        color:var(--muted)}
        h1{margin:0;font-size:28px;line-height:1.18;letter-spacing:-.015em;overflow-wrap:anywhere}
        .summary{margin:10px 0 0;color:var(--muted);overflow-wrap:anywhere}
        .actions{display:flex;flex-direction:column;gap:10px;margin-top:24px}
        .button{display:block;padding:13px 16px;border-radius:14px;border:1px solid var(--line);\
        color:var(--text);text-align:center;font-weight:600;text-decoration:none}
        .button.primary{padding:15px 16px;background:var(--accent);border-color:transparent;\
        color:var(--accent-text);font-size:18px}
        .stores{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:10px}
        .store{line-height:1.2}
        .store small{display:block;font-size:11px;font-weight:500;color:var(--muted)}
        .hint{margin:18px 0 0;font-size:14px;color:var(--muted);text-align:center}
        footer{margin-top:20px;font-size:14px}
        footer a{color:var(--muted);text-decoration:none}

        """
}
