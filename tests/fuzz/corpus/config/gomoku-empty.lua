return {}
