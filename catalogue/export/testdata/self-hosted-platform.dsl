workspace "Self-hosted platform" "Users to storage on open source: DNS, WAF, NGINX, VMs, Keycloak, PostgreSQL, Redis, OpenSearch, NATS, Temporal, Postfix, ClickHouse." {
    model {
        n_browser = person "browser" "Web browser" "client"
        n_cli = person "cli" "Command-line tool" "client"
        system = softwareSystem "Self-hosted platform" {
            n_dns = container "dns" "dns" "PowerDNS Authoritative Server" "dns"
            n_waf = container "waf" "waf" "ModSecurity" "waf"
            n_proxy = container "proxy" "proxy" "NGINX" "load-balancer"
            n_app = container "app" "app" "Generic virtual machine" "compute-instance"
            n_sign_in = container "sign-in" "sign-in" "Keycloak" "identity"
            n_orders_db = container "orders-db" "orders-db" "PostgreSQL" "relational-database,Datastore"
            n_sessions = container "sessions" "sessions" "Redis" "cache,Datastore"
            n_catalog_search = container "catalog-search" "catalog-search" "OpenSearch (self-run)" "search,Datastore"
            n_order_events = container "order-events" "order-events" "NATS JetStream" "stream,Pipe"
            n_fulfilment = container "fulfilment" "fulfilment" "Temporal" "workflow"
            n_mailer = container "mailer" "mailer" "Postfix" "notification,Pipe"
            n_analytics = container "analytics" "analytics" "ClickHouse" "data-warehouse,Datastore"
            n_uploads = container "uploads" "uploads" "MinIO" "object-storage,Datastore"
            n_secrets = container "secrets" "secrets" "HashiCorp Vault" "secrets"
        }
        n_browser -> n_dns "lookup" "" "request"
        n_cli -> n_dns "lookup" "" "request"
        n_browser -> n_sign_in "" "" "request"
        n_cli -> n_sign_in "" "" "request"
        n_browser -> n_waf "HTTPS" "" "request"
        n_cli -> n_waf "HTTPS" "" "request"
        n_waf -> n_proxy "" "" "request"
        n_proxy -> n_app "" "" "request"
        n_app -> n_orders_db "" "" "data"
        n_app -> n_sessions "" "" "data"
        n_app -> n_catalog_search "" "" "data"
        n_app -> n_uploads "" "" "data"
        n_app -> n_secrets "" "" "request"
        n_app -> n_analytics "" "" "data"
        n_app -> n_order_events "" "" "event"
        n_order_events -> n_fulfilment "" "" "event"
        n_fulfilment -> n_mailer "" "" "request"
        deploymentEnvironment "Design" {
            g_users = deploymentNode "Users" "" "internet" {
            }
            g_dc = deploymentNode "Data centre" "" "on-premises" {
                containerInstance n_dns
                containerInstance n_waf
                containerInstance n_proxy
                containerInstance n_app
                containerInstance n_sign_in
                containerInstance n_orders_db
                containerInstance n_sessions
                containerInstance n_catalog_search
                containerInstance n_order_events
                containerInstance n_fulfilment
                containerInstance n_mailer
                containerInstance n_analytics
                containerInstance n_uploads
                containerInstance n_secrets
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
