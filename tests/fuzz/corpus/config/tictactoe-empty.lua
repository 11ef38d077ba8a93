return {}
