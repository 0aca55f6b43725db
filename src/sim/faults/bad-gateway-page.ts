/** What a reverse proxy in front of the application answers when it loses the application. */
export const BAD_GATEWAY_PAGE = `<!DOCTYPE html>
<html>
<head><title>502 Bad Gateway</title></head>
<body>
<h1>502 Bad Gateway</h1>
<p>The server in front of the XS2A interface got no valid answer from it.</p>
<hr><p>xs2a-kit fault injection</p>
</body>
</html>
`;
